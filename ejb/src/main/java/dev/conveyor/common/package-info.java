/**
 * What every capability shares: the message catalogue and the exception that carries it, the
 * tunables, and small helpers. It imports nothing of Conveyor's.
 */
package dev.conveyor.common;
