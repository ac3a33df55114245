package dev.conveyor.job;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The attempt token that keeps a node taken for dead from recording outcomes for jobs given to others. */
class JobFencingTest {

    private final Job job = new Job("job-1", "invoices", "scan.pdf", "user", "domain", Instant.EPOCH);

    @Test
    void aRunningAttemptHoldsTheJob() {
        job.start("node-a");
        assertTrue(job.isAt(1));
        assertFalse(job.isAt(2));
    }

    @Test
    void anAttemptRequeuedByRecoveryNoLongerHoldsTheJob() {
        job.start("node-a");
        job.moveTo(JobState.QUEUED);
        assertFalse(job.isAt(1), "re-queued: the first node's outcome is fenced off before anyone starts it again");
        job.start("node-b");
        assertFalse(job.isAt(1), "started again elsewhere: the first node's attempt is over");
        assertTrue(job.isAt(2));
    }

    @Test
    void aRecordedOutcomeEndsTheAttempt() {
        job.start("node-a");
        job.recordOutcome(true, null, null);
        assertFalse(job.isAt(1), "a second outcome of the same attempt (a redelivery) is not recorded again");
    }

    @Test
    void aStagedJobIsAtNoAttempt() {
        assertFalse(job.isAt(0));
        assertFalse(job.isAt(Outcome.NOT_RUN));
    }
}
