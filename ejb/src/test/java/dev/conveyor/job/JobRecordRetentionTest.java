package dev.conveyor.job;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.conveyor.testing.InProcessJpa;
import jakarta.persistence.EntityManager;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** JobService's record deletion on EclipseLink and H2 made by the migrations, outside the container. */
class JobRecordRetentionTest {

    private static final Instant NOW = Instant.parse("2026-12-01T03:15:00Z");
    private static final Instant LONG_AGO = NOW.minus(Duration.ofDays(40));
    private static final Instant LATELY = NOW.minus(Duration.ofDays(2));
    private static final Instant CUT = NOW.minus(Duration.ofDays(30));

    private final InProcessJpa jpa = new InProcessJpa();

    @AfterEach
    void close() throws Exception {
        jpa.close();
    }

    private void job(String id, String endpoint, Consumer<Job> life) {
        jpa.runInTransaction(em -> {
            Job job = new Job(id, endpoint, "/in/" + id, "SuperAdmin", "DefaultDom", LONG_AGO);
            life.accept(job);
            em.persist(job);
        });
    }

    /** The job as its operation left it: its outcome recorded, its results to be written. */
    private static Job ran(Job job, boolean succeeded) {
        job.recordOutcome(succeeded, succeeded ? null : "bad pdf", null);
        return job;
    }

    private static Job waited(Job job) {
        job.park("batch-42");
        return job;
    }

    private int deleteFinished(String endpoint, boolean resultsPurged, int limit) {
        return jpa.inTransaction(em -> service(em).deleteFinished(endpoint, CUT, resultsPurged, limit));
    }

    private static JobService service(EntityManager em) {
        JobService jobs = new JobService();
        jobs.em = em;
        jobs.jobs = new Jobs(em);
        return jobs;
    }

    private List<String> remaining() {
        return jpa.inTransaction(em -> em.createQuery("SELECT j.id FROM Job j ORDER BY j.id", String.class).getResultList());
    }

    @Test
    void finishedJobsOlderThanTheCutGoAndEverythingElseStays() {
        job("old-succeeded", "docs", job -> ran(job, true).succeed(List.of("result/a.pdf"), LONG_AGO));
        job("old-failed", "docs", job -> ran(job, false).fail("bad pdf", List.of("failure/b.pdf"), LONG_AGO));
        job("old-expired", "docs", job -> waited(job).expire("no signal came", List.of(), LONG_AGO));
        job("recent-succeeded", "docs", job -> ran(job, true).succeed(List.of("result/c.pdf"), LATELY));
        job("old-but-writing", "docs", job -> job.recordOutcome(true, null, null));
        job("waiting", "docs", job -> job.park("batch-42"));
        job("other-endpoint", "invoices", job -> ran(job, true).succeed(List.of(), LONG_AGO));

        assertEquals(3, deleteFinished("docs", false, 500));

        assertEquals(List.of("old-but-writing", "other-endpoint", "recent-succeeded", "waiting"), remaining());
    }

    @Test
    void whileResultsAreToBePurgedASucceededJobStaysUntilThePurgeMarkedIt() {
        job("succeeded-unpurged", "docs", job -> ran(job, true).succeed(List.of("result/a.pdf"), LONG_AGO));
        job("succeeded-purged", "docs", job -> {
            ran(job, true).succeed(List.of("result/b.pdf"), LONG_AGO);
            job.markResultsPurged(NOW);
        });
        job("failed", "docs", job -> ran(job, false).fail("bad pdf", List.of(), LONG_AGO));

        assertEquals(2, deleteFinished("docs", true, 500));

        assertEquals(List.of("succeeded-unpurged"), remaining());
    }

    @Test
    void aPageAtATimeOldestFirst() {
        for (int i = 0; i < 5; i++) {
            Instant finished = LONG_AGO.plusSeconds(i);
            job("job-" + i, "docs", job -> ran(job, true).succeed(List.of(), finished));
        }

        assertEquals(2, deleteFinished("docs", false, 2));
        assertEquals(List.of("job-2", "job-3", "job-4"), remaining());
        assertEquals(3, deleteFinished("docs", false, 2) + deleteFinished("docs", false, 2));
        assertEquals(0, deleteFinished("docs", false, 2));
    }

    @Test
    void theEndpointsOfRecordsWhoseEndpointWasDeletedAreFound() {
        job("a", "docs", job -> ran(job, true).succeed(List.of(), LONG_AGO));
        job("b", "deleted-endpoint", job -> ran(job, true).succeed(List.of(), LONG_AGO));

        assertEquals(List.of("deleted-endpoint"), jpa.inTransaction(em -> new Jobs(em).endpointsGoneWithJobs(Set.of("docs"))));
    }
}
