package dev.conveyor.signal;

import dev.conveyor.common.AfterCompletion;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Lines up, inside this node, the transactions that change one signal (the children of a fan-out
 * finishing together), each holding the signal's turn until it commits or rolls back. The row
 * locks in the database are what make notifies correct, across nodes too; this only keeps a
 * node's own transactions from piling up on them, which on H2 ends in lock timeouts and stale
 * reads that roll whole result writes back.
 */
@ApplicationScoped
public class SignalLocks {

    /** Past this, go on without the turn: the database's own locks still decide. */
    private static final long PATIENCE_SECONDS = 30;

    @Resource
    TransactionSynchronizationRegistry transactions;

    private final Map<String, Semaphore> turns = new ConcurrentHashMap<>();

    /** Takes {@code signalId}'s turn for the current transaction, once, until it ends. */
    public void holdUntilCompletion(String signalId) {
        String key = SignalLocks.class.getName() + ":" + signalId;
        if (transactions.getResource(key) != null) {
            return;
        }
        Semaphore turn = turns.computeIfAbsent(signalId, id -> new Semaphore(1));
        boolean taken;
        try {
            taken = turn.tryAcquire(PATIENCE_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        if (!taken) {
            return;
        }
        transactions.putResource(key, Boolean.TRUE);
        transactions.registerInterposedSynchronization((AfterCompletion) status -> {
            turn.release();
            if (!turn.hasQueuedThreads()) {
                turns.remove(signalId, turn);
            }
        });
    }
}
