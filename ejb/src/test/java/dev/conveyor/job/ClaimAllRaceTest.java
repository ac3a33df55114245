package dev.conveyor.job;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.conveyor.endpoint.Endpoint;
import dev.conveyor.endpoint.EndpointConfig;
import dev.conveyor.endpoint.EndpointSettings;
import dev.conveyor.endpoint.EndpointState;
import dev.conveyor.endpoint.SettingValues;
import dev.conveyor.priority.PriorityRules;
import dev.conveyor.priority.RuleSet;
import dev.conveyor.testing.InProcessJpa;
import jakarta.persistence.EntityManager;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two scanners of one endpoint (two threads here; two nodes do the same through the shared
 * database) call JobService.claimAll for the same listing of files and job folders at once, on
 * EclipseLink and H2 made by the migrations: every entry becomes exactly one job, whose stage
 * folder holds it.
 */
class ClaimAllRaceTest {

    private static final int FILES = 40;
    private static final int JOB_FOLDERS = 10;

    @TempDir
    Path root;

    private InProcessJpa jpa;
    private String rootsBefore;

    @BeforeEach
    void open() {
        // JobService confines its moves to the allowed roots it reads when it is made.
        rootsBefore = System.getProperty("conveyor.roots");
        System.setProperty("conveyor.roots", root.toString());
        jpa = new InProcessJpa();
    }

    @AfterEach
    void close() throws Exception {
        jpa.close();
        if (rootsBefore == null) {
            System.clearProperty("conveyor.roots");
        } else {
            System.setProperty("conveyor.roots", rootsBefore);
        }
    }

    private static JobService service(EntityManager em) {
        JobService jobs = new JobService();
        jobs.em = em;
        jobs.priorities = new PriorityRules() {
            @Override
            public RuleSet current() {
                return RuleSet.FIFO;
            }
        };
        return jobs;
    }

    @Test
    void twoClaimersOfOneListingMakeOneJobPerEntry() throws Exception {
        Path watched = Files.createDirectories(root.resolve("race"));
        EndpointConfig endpoint = new EndpointConfig("race", watched, EndpointSettings.MANUAL_DEFAULTS, EndpointState.ENABLED);
        jpa.runInTransaction(em -> {
            Endpoint row = new Endpoint("race", Instant.now());
            row.setGiven(SettingValues.EMPTY, watched);
            em.persist(row);
        });
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
