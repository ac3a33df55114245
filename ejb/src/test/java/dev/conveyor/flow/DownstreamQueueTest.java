package dev.conveyor.flow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class DownstreamQueueTest {

    /** The downstream endpoint's queue as a fresh count would find it, and how often it was counted. */
    private final AtomicInteger inQueue = new AtomicInteger();
    private final AtomicInteger counts = new AtomicInteger();

    private int count() {
        counts.incrementAndGet();
        return inQueue.get();
    }

    @Test
    void theJobsOfAChunkShareOneCountAndAddWhatTheyWrite() {
        inQueue.set(5);
        DownstreamQueue queue = new DownstreamQueue(10);

        assertTrue(queue.admit(() -> 2, this::count));
        assertTrue(queue.admit(() -> 1, this::count));

        assertEquals(8, queue.pending());
        assertEquals(1, counts.get());
    }

    @Test
    void aJobTheEstimateWouldRefuseIsAdmittedWhenAFreshCountFindsRoom() {
        inQueue.set(9);
        DownstreamQueue queue = new DownstreamQueue(10);
        assertTrue(queue.admit(() -> 1, this::count));
        // The downstream endpoint started 4 of its jobs meanwhile: the estimate (10) says full, a fresh count 6.
        inQueue.set(6);

        assertTrue(queue.admit(() -> 1, this::count));

        assertEquals(7, queue.pending());
        assertEquals(2, counts.get());
    }

    @Test
    void aFullQueueRefusesAfterCountingAfresh() {
        inQueue.set(10);
        DownstreamQueue queue = new DownstreamQueue(10);

        assertFalse(queue.admit(() -> 1, this::count));

        assertEquals(10, queue.pending());
        assertEquals(1, counts.get());
    }

    @Test
    void theTransactionsOwnWritesFillTheQueue() {
        inQueue.set(0);
        DownstreamQueue queue = new DownstreamQueue(3);
        assertTrue(queue.admit(() -> 3, this::count));
        inQueue.set(3);

        assertFalse(queue.admit(() -> 1, this::count));

        assertEquals(2, counts.get(), "counted when the transaction began writing there, and again before refusing");
    }
}
