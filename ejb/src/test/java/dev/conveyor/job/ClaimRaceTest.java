package dev.conveyor.job;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.conveyor.files.Confinement;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two claimers race for the same files and job folders, as two scanners (threads or nodes) over
 * one watched folder do: each entry goes into exactly one job's stage folder, whole, and the loser
 * makes no job (JobService persists a job only when its claim moved the entry).
 */
class ClaimRaceTest {

    private static final int FILES = 200;
    private static final int JOB_FOLDERS = 40;

    @TempDir
    Path root;

    /** Claims every entry of the watched folder it can; returns the entries it won, by job id. */
    private static Map<String, Path> claimer(Confinement confinement, Path watched, List<Path> entries, CyclicBarrier start)
            throws Exception {
        Map<String, Path> won = new TreeMap<>();
        start.await();
        for (Path entry : entries) {
            String jobId = UUID.randomUUID().toString();
            try {
                StageFolder.of(watched, jobId).claim(confinement, entry);
                won.put(jobId, entry);
            } catch (IOException takenByTheOther) {
                // the other claimer moved it first: no job here
            }
        }
        return won;
    }

    @Test
    void eachEntryGoesToExactlyOneJobWhole() throws Exception {
        Confinement confinement = new Confinement(List.of(root));
        Path watched = Files.createDirectories(root.resolve("watched"));
        List<Path> entries = RacedEntries.drop(watched, FILES, JOB_FOLDERS);

        CyclicBarrier start = new CyclicBarrier(2);
        ExecutorService threads = Executors.newFixedThreadPool(2);
        Map<String, Path> jobs = new ConcurrentHashMap<>();
        try {
            List<Future<Map<String, Path>>> claimers = List.of(
                    threads.submit(() -> claimer(confinement, watched, entries, start)),
                    threads.submit(() -> claimer(confinement, watched, entries, start)));
            for (Future<Map<String, Path>> claimer : claimers) {
                jobs.putAll(claimer.get());
            }
        } finally {
            threads.shutdownNow();
        }

        assertEquals(entries.size(), jobs.size(), "one job per entry, no more, no less");
        assertEquals(entries.size(), jobs.values().stream().distinct().count(), "no entry claimed twice");
        try (Stream<Path> left = Files.list(watched)) {
            assertEquals(List.of(watched.resolve("stage")), left.toList(), "every entry left the watched folder");
        }
        for (Map.Entry<String, Path> job : jobs.entrySet()) {
            RacedEntries.assertStagedWhole(watched, job.getKey(), job.getValue().getFileName().toString());
        }
    }
}
