package dev.conveyor.job;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.conveyor.endpoint.EndpointConfig;
import dev.conveyor.endpoint.EndpointSettings;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * Two scanners of one endpoint (two threads here; two nodes do the same through the shared
 * database) call JobService.claimAll for the same listing of files and job folders at once, on
 * EclipseLink and H2 made by the migrations: every entry becomes exactly one job, whose stage
 * folder holds it.
 */
class ClaimAllRaceTest extends InProcessClaims {

    private static final int FILES = 40;
    private static final int JOB_FOLDERS = 10;

    @Test
    void twoClaimersOfOneListingMakeOneJobPerEntry() throws Exception {
        Path watched = root.resolve("race");
        EndpointConfig endpoint = endpoint("race", watched, EndpointSettings.MANUAL_DEFAULTS);
        List<Path> entries = RacedEntries.drop(watched, FILES, JOB_FOLDERS);

        CyclicBarrier start = new CyclicBarrier(2);
        Callable<Integer> claimer = () -> {
            start.await();
            return jpa.inTransaction(em -> service(em).claimAll(endpoint, entries)).jobIds().size();
        };
        ExecutorService threads = Executors.newFixedThreadPool(2);
        int claimed = 0;
        try {
            for (Future<Integer> done : threads.invokeAll(List.of(claimer, claimer))) {
                claimed += done.get();
            }
        } finally {
            threads.shutdownNow();
        }

        assertEquals(entries.size(), claimed, "between them the two claims took every entry once");
        List<Job> jobs = jpa.inTransaction(em -> em.createQuery("SELECT j FROM Job j", Job.class).getResultList());
        assertEquals(entries.size(), jobs.size(), "one job per entry");
        assertEquals(entries.size(), jobs.stream().map(Job::getSource).distinct().count(), "no entry has two jobs");
        for (Job job : jobs) {
            RacedEntries.assertStagedWhole(watched, job.getId(), job.getSource());
        }
    }
}
