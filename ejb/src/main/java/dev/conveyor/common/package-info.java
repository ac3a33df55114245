/** What every capability shares: the message catalogue and the exception that carries it. */
package dev.conveyor.common;
