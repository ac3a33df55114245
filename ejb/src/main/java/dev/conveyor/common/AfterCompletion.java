package dev.conveyor.common;

import jakarta.transaction.Synchronization;

/**
 * Work that waits for the transaction's end, committed or not: letting go of a lock, a gate or a
 * claim, or clearing files only once the commit stands. Nothing here needs the moment before.
 */
@FunctionalInterface
public interface AfterCompletion extends Synchronization {

    @Override
    default void beforeCompletion() {
    }
}
