package dev.conveyor.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.files.Confinement;
import dev.conveyor.job.PurgeCandidate;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultPurgeTest {

    private static final Instant FINISHED = Instant.parse("2026-01-10T12:00:00Z");

    @TempDir
    Path root;

    @TempDir
    Path outside;

    private Path watched;

    @BeforeEach
    void setUp() throws IOException {
        watched = Files.createDirectories(root.resolve("in"));
    }

    private Path written(String relative, Instant modified) throws IOException {
        Path file = watched.resolve(relative);
        Files.writeString(Files.createDirectories(file.getParent()).resolve(file.getFileName()), "content of " + relative);
        Files.setLastModifiedTime(file, FileTime.from(modified));
        return file;
    }

    private ResultPurge purge(List<Path> otherEndpoints) {
        return new ResultPurge(watched, "result/%Y/%M/%D/", otherEndpoints, new Confinement(List.of(root)));
    }

    private static PurgeCandidate job(String... results) {
        return new PurgeCandidate("job-1", FINISHED, List.of(results));
    }

    @Test
    void aDueJobsResultsGoWithTheFoldersTheyLeaveEmpty() throws IOException {
        Path result = written("result/2026/01/10/report.txt", FINISHED.minusSeconds(5));
        Path neighbour = written("result/2026/01/11/other.txt", FINISHED.minusSeconds(5));

        ResultPurge.Deleted deleted = purge(List.of()).purge(List.of(job("result/2026/01/10/report.txt")));

        assertEquals(List.of(result), deleted.files());
        assertEquals("content of result/2026/01/10/report.txt".length(), deleted.bytes());
        assertTrue(Files.notExists(watched.resolve("result/2026/01/10")), "the emptied day folder goes");
        assertTrue(Files.exists(neighbour), "what no due job recorded stays, however old it is");
        assertTrue(Files.isDirectory(watched.resolve("result")), "the purge root itself stays");
    }

    @Test
    void aFolderUnitGoesWhole() throws IOException {
        written("result/2026/01/10/pages/1.txt", FINISHED.minusSeconds(5));
        written("result/2026/01/10/pages/2.txt", FINISHED.minusSeconds(5));
        Files.setLastModifiedTime(watched.resolve("result/2026/01/10/pages"), FileTime.from(FINISHED.minusSeconds(4)));

        assertEquals(2, purge(List.of()).purge(List.of(job("result/2026/01/10/pages"))).files().size());
        assertTrue(Files.notExists(watched.resolve("result/2026")));
    }

    @Test
    void aResultReplacedAfterItsJobFinishedStays() throws IOException {
        Path replaced = written("result/2026/01/10/report.txt", FINISHED.plus(Duration.ofDays(2)));
        assertEquals(List.of(), purge(List.of()).purge(List.of(job("result/2026/01/10/report.txt"))).files());
        assertTrue(Files.exists(replaced), "a fresh copy under an old job's name is not the old job's result");
    }

    @Test
    void nothingOutsideTheResultFolderGoesWhateverTheJobRecorded() throws IOException {
        Path input = written("dropped.txt", FINISHED.minusSeconds(5));
        Path staged = written("stage/job-2/in/a.txt", FINISHED.minusSeconds(5));
        Path preserved = written("preserve/2026/01/10/a.txt", FINISHED.minusSeconds(5));
        assertEquals(List.of(), purge(List.of()).purge(List.of(job("dropped.txt", "stage/job-2/in/a.txt", "preserve/2026/01/10/a.txt",
                "result/../dropped.txt", "result"))).files());
        assertTrue(Files.exists(input) && Files.exists(staged) && Files.exists(preserved));
    }

    @Test
    void anotherEndpointsInputInsideTheResultFolderStays() throws IOException {
        Path chained = Files.createDirectories(watched.resolve("result/next"));
        Path input = written("result/next/relay.txt", FINISHED.minusSeconds(5));
        assertEquals(List.of(), purge(List.of(chained)).purge(List.of(job("result/next/relay.txt"))).files());
        assertTrue(Files.exists(input), "a result handed to a chained endpoint is that endpoint's input now");
    }

    @Test
    void nothingIsDeletedThroughALink() throws IOException {
        Files.createDirectories(watched.resolve("result"));
        Files.writeString(outside.resolve("report.txt"), "outside");
        Files.setLastModifiedTime(outside.resolve("report.txt"), FileTime.from(FINISHED.minusSeconds(5)));
        Files.createSymbolicLink(watched.resolve("result/2026"), outside);

        assertEquals(List.of(), purge(List.of()).purge(List.of(job("result/2026/report.txt"))).files());
        assertTrue(Files.exists(outside.resolve("report.txt")));
    }

    @Test
    void aResultFolderWithoutAFixedPartCannotBePurged() {
        assertThrows(IllegalArgumentException.class, () -> ResultPurge.purgeRoot(watched, "%Y/%M/"));
        assertEquals(watched.resolve("result"), ResultPurge.purgeRoot(watched, "result/%Y/%M/%D/"));
    }
}
