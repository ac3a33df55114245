package dev.conveyor.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.common.ConveyorException;
import dev.conveyor.common.MessageId;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** A job moves only along the arrows of its state diagram; any other move is refused and changes nothing. */
class JobTransitionsTest {

    private final Job job = new Job("job-1", "invoices", "scan.pdf", "user", "domain", Instant.EPOCH);

    @Test
    void aClaimedFileRunsAndSucceeds() {
        job.moveTo(JobState.QUEUED);
        job.start("node-a");
        job.recordOutcome(true, null, null);
        job.succeed(List.of("result/scan.pdf"), Instant.EPOCH);
        assertEquals(JobState.SUCCEEDED, job.getState());
    }

    @Test
    void aJobWaitsIsReleasedAndRunsOnASynchronousEndpoint() {
        job.park("order-7");
        job.release(Map.of("wait.counter.pages", "3"));
        job.start("node-a");
        job.recordOutcome(false, "no pages", null);
        job.fail("no pages", List.of("failure/scan.pdf"), Instant.EPOCH);
        assertEquals(JobState.FAILED, job.getState());
    }

    @Test
    void aFanOutParentWaitsForItsChildrenAndCanBeFailedByOne() {
        job.start("node-a");
        job.recordOutcome(true, null, null);
        job.park("job-1");
        job.recordOutcome(false, "fragment 2 of 3 failed", null);
        assertEquals(JobState.WRITING, job.getState());
    }

    @Test
    void aWaitingJobExpiresWithoutPassingThroughFailed() {
        job.park("order-7");
        job.expire("waited too long", List.of("expired/scan.pdf"), Instant.EPOCH);
        assertEquals(JobState.EXPIRED, job.getState());
        assertEquals("waited too long", job.getFailureReason());
    }

    @Test
    void aJobTriedAgainGoesBackToTheQueueOrToStage() {
        job.start("node-a");
        job.moveTo(JobState.QUEUED);
        job.start("node-a");
        job.moveTo(JobState.STAGED);
        job.start("node-a");
        job.start("node-a");
        assertEquals(4, job.getAttempts());
    }

    @Test
    void aRefusedMoveNamesTheJobAndTheStatesAndChangesNothing() {
        job.moveTo(JobState.QUEUED);
        Instant changed = job.getChangedAt();
        ConveyorException refused = assertThrows(ConveyorException.class,
                () -> job.succeed(List.of("result/scan.pdf"), Instant.EPOCH));
        assertEquals(MessageId.ILLEGAL_MOVE, refused.id());
        assertTrue(refused.getMessage().startsWith("Job job-1 cannot move from QUEUED to SUCCEEDED"), refused.getMessage());
        assertEquals(JobState.QUEUED, job.getState());
        assertEquals(changed, job.getChangedAt());
        assertEquals(List.of(), job.getResults());
        assertNull(job.getFinishedAt());
    }

    @Test
    void aJobIsNotReleasedUnlessItWaits() {
        assertThrows(ConveyorException.class, () -> job.release(Map.of()));
        assertEquals(JobState.STAGED, job.getState());
    }

    @ParameterizedTest
    @EnumSource(value = JobState.class, names = {"SUCCEEDED", "FAILED", "EXPIRED"})
    void aFinishedJobMovesNowhere(JobState finished) {
        assertEquals(EnumSet.noneOf(JobState.class), finished.next());
    }

    @ParameterizedTest
    @EnumSource(JobState.class)
    void onlyAJobWithItsOutcomeRecordedEnds(JobState state) {
        boolean ends = state.next().stream().anyMatch(JobState::isFinished);
        assertEquals(state == JobState.WRITING || state == JobState.WAITING, ends,
                "results are written only from WRITING; a waiting job ends only by expiring");
    }

    @Test
    void everyUnfinishedStateHasAWayOn() {
        JobState.UNFINISHED.forEach(state -> assertTrue(!state.next().isEmpty(), state + " is a dead end"));
    }
}
