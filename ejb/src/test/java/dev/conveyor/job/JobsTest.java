package dev.conveyor.job;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.conveyor.testing.InProcessJpa;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The job table's queries on EclipseLink and H2 made by the migrations, outside the container. */
class JobsTest {

    private static final Instant EARLIER = Instant.parse("2026-12-01T08:00:00Z");
    private static final Instant LATER = Instant.parse("2026-12-01T09:00:00Z");

    private final InProcessJpa jpa = new InProcessJpa();

    @AfterEach
    void close() throws Exception {
        jpa.close();
    }

    private void job(String id, String endpoint, Instant createdAt, Consumer<Job> life) {
        jpa.runInTransaction(em -> {
            Job job = new Job(id, endpoint, id + ".pdf", "SuperAdmin", "DefaultDom", createdAt);
            life.accept(job);
            em.persist(job);
        });
    }

    private <T> T read(Function<Jobs, T> query) {
        return jpa.inTransaction(em -> query.apply(new Jobs(em)));
    }

    @Test
    void anEndpointsQueueCountsItsStagedAndQueuedJobsAndThrottleCountsEveryUnfinishedOne() {
        job("staged", "docs", EARLIER, job -> { });
        job("queued", "docs", EARLIER, job -> job.moveTo(JobState.QUEUED));
        job("waiting", "docs", EARLIER, job -> job.park("order-7"));
        job("running", "invoices", EARLIER, job -> job.start("node-a"));

        assertEquals(2, (int) read(jobs -> jobs.notYetRunning("docs")));
        assertEquals(3, (int) read(jobs -> jobs.unfinished("docs")));
        assertEquals(1, (int) read(jobs -> jobs.waiting("docs")));
        assertEquals(List.of("queued"), read(jobs -> jobs.inState("docs", JobState.QUEUED)));
        assertEquals(4, read(jobs -> jobs.byEndpointAndState(null)).size(), "docs in three states, invoices in one");
        assertEquals(List.of(new Jobs.StateCount("docs", JobState.WAITING, 1)),
                read(jobs -> jobs.byEndpointAndState(Set.of(JobState.WAITING))));
    }

    @Test
    void waitingJobsAreFoundBySignalOldestFirstAndByEndpoint() {
        job("docs-new", "docs", LATER, job -> job.park("s1"));
        job("docs-old", "docs", EARLIER, job -> job.park("s1"));
        job("docs-other", "docs", LATER.plusSeconds(60), job -> job.park("s2"));
        job("invoices", "invoices", EARLIER, job -> job.park("s1"));
        job("released", "docs", EARLIER, job -> {
            job.park("s1");
            job.release(Map.of());
        });

        assertEquals(List.of("docs-old", "invoices", "docs-new"),
                read(jobs -> jobs.lockedWaitingFor("s1").stream().map(Job::getId).toList()));
        assertEquals(List.of("s1", "s1", "s2"), read(jobs -> jobs.oldestWaitSignals("docs", Set.of(), 10)));
        assertEquals(List.of("s2"), read(jobs -> jobs.oldestWaitSignals("docs", Set.of("s1"), 10)));
        assertEquals(Set.of("docs-new", "docs-old", "docs-other"),
                Set.copyOf(read(jobs -> jobs.waitingSince("docs", Instant.now().plusSeconds(60)))));
        assertEquals(List.of(), read(jobs -> jobs.waitingSince("docs", Instant.EPOCH)));
        assertEquals(Map.of("s1", 3L, "s2", 1L), read(Jobs::waitingBySignal));
    }

    @Test
    void recoveryFindsStaleJobsAndWhereTheJobsOfStageFoldersStand() {
        job("writing", "docs", EARLIER, job -> {
            job.start("node-a");
            job.recordOutcome(true, null, null);
        });
        job("done", "docs", EARLIER, job -> {
            job.recordOutcome(false, "bad pdf", null);
            job.fail("bad pdf", List.of(), LATER);
        });

        List<Jobs.Changed> stale = read(jobs -> jobs.changedBefore(JobState.WRITING, Instant.now().plusSeconds(60)));
        assertEquals(List.of("writing"), stale.stream().map(Jobs.Changed::id).toList());
        assertEquals("node-a", stale.get(0).node());
        assertEquals(List.of(), read(jobs -> jobs.changedBefore(JobState.WRITING, Instant.EPOCH)));
        assertEquals(Map.of("writing", new Jobs.Standing("docs", JobState.WRITING), "done", new Jobs.Standing("docs", JobState.FAILED)),
                read(jobs -> jobs.standing(List.of("writing", "done", "no-such-job"))));
    }
}
