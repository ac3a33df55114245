package dev.conveyor.common;

import jakarta.transaction.TransactionSynchronizationRegistry;
import java.util.function.Supplier;

/** What the current transaction keeps for its own length: made at the first ask, gone with the transaction. */
public final class TransactionResources {

    private TransactionResources() {
    }

    /** What {@code transactions}' current transaction keeps under {@code key}, made by {@code made} at the first ask. */
    @SuppressWarnings("unchecked")
    public static <T> T kept(TransactionSynchronizationRegistry transactions, Object key, Supplier<T> made) {
        T kept = (T) transactions.getResource(key);
        if (kept == null) {
            kept = made.get();
            transactions.putResource(key, kept);
        }
        return kept;
    }
}
