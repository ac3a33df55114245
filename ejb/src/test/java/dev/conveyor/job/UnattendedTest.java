package dev.conveyor.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class UnattendedTest {

    private static final Instant STARTED = Instant.parse("2026-12-01T12:00:00Z");
    /** The first pass, 5 s after this start: what the previous start left changed only moments before it. */
    private static final Instant FIRST_PASS = STARTED.plusSeconds(5);
    private static final Unattended PASS = new Unattended(FIRST_PASS, Duration.ofSeconds(30), Duration.ofMinutes(2), Duration.ofSeconds(30), "this-node", STARTED);

    private static Jobs.Changed job(String node, Instant changedAt) {
        return new Jobs.Changed("job", node, changedAt);
    }

    @Test
    void aJobThisNodesPreviousStartLeftRunningIsLookedAtAtOnce() {
        assertTrue(PASS.running(job("this-node", STARTED.minusSeconds(2))), "left 7 s ago by the previous start");
        assertFalse(PASS.running(job("this-node", STARTED.plusSeconds(1))), "started by this start's worker: not yet");
        assertTrue(PASS.running(job("this-node", FIRST_PASS.minusSeconds(31))), "this start's, unattended for 30 s");
    }

    @Test
    void anotherNodesJobWaitsUntilItHasBeenRunningUnattendedForLong() {
        assertFalse(PASS.running(job("other-node", STARTED.minusSeconds(2))), "recent: the other node may be alive and on it");
        assertTrue(PASS.running(job("other-node", FIRST_PASS.minusSeconds(31))));
        assertFalse(PASS.running(job(null, STARTED.minusSeconds(2))), "a job without a node is nobody's previous start's");
    }

    @Test
    void theRowsToReadReachBackToTheStartWhileItIsRecentAndThenToTheUnattendedBound() {
        assertEquals(STARTED, PASS.changedBefore());
        Unattended later = new Unattended(STARTED.plusSeconds(100), Duration.ofSeconds(30), Duration.ofMinutes(2), Duration.ofSeconds(30), "this-node", STARTED);
        assertEquals(STARTED.plusSeconds(70), later.changedBefore());
    }

    @Test
    void queuedJobsAreLookedForOnTheQueueOnceQueuedBeforeThisStartOrForLong() {
        assertEquals(STARTED, PASS.queuedBefore(), "right after the start: whatever was queued before it");
        Unattended later = new Unattended(STARTED.plusSeconds(100), Duration.ofSeconds(30), Duration.ofMinutes(2), Duration.ofSeconds(30),
                "this-node", STARTED);
        assertEquals(STARTED.plusSeconds(70), later.queuedBefore());
    }

    @Test
    void aWritingJobThisNodesPreviousStartLeftGetsItsCallbackAtOnceAndOthersAsBefore() {
        assertTrue(PASS.writingLeft(job("this-node", STARTED.minusSeconds(2)), node -> true), "its own id is alive again");
        assertFalse(PASS.writingLeft(job("this-node", STARTED.plusSeconds(1)), node -> true), "this start is writing it");
        assertFalse(PASS.writingLeft(job("other-node", FIRST_PASS.minusSeconds(31)), node -> true), "a live node writes its own");
        assertTrue(PASS.writingLeft(job("other-node", FIRST_PASS.minusSeconds(31)), node -> false), "a dead node's, after 30 s");
        assertFalse(PASS.writingLeft(job("other-node", FIRST_PASS.minusSeconds(29)), node -> false), "a dead node's, before");
        assertTrue(PASS.writingLeft(job("other-node", FIRST_PASS.minusSeconds(121)), node -> true), "stale: its callback was lost");
    }
}
