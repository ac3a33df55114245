/** Scanning: the timers that drive each endpoint, the choice of a batch, and the claim of its files. */
package dev.conveyor.scan;
