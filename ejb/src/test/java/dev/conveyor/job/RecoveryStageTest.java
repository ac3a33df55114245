package dev.conveyor.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.endpoint.EndpointConfig;
import dev.conveyor.endpoint.EndpointState;
import dev.conveyor.endpoint.SettingValues;
import dev.conveyor.files.Confinement;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The recovery pass's walk of a stage folder: what a claim that never committed left, and a busy endpoint changing it. */
class RecoveryStageTest {

    @TempDir
    Path root;

    private Path watched;
    private EndpointConfig endpoint;
    private Confinement confinement;
    /** What the pass reported as claims to make jobs of: input by folder id. */
    private final Map<String, Path> orphans = new LinkedHashMap<>();
    private final List<Object> unsafe = new ArrayList<>();
    private final int[] counts = {0, 0};

    @BeforeEach
    void endpoint() throws IOException {
        watched = Files.createDirectories(root.resolve("watched"));
        endpoint = new EndpointConfig("busy", watched, SettingValues.EMPTY, EndpointState.ENABLED);
        confinement = new Confinement(List.of(root));
    }

    private void repair(List<Path> entries) throws IOException {
        Recovery.repairEntries(endpoint, entries, ids -> Map.of(), Instant.now().minus(Duration.ofSeconds(30)), unsafe::add, orphans::put, counts);
    }

    /** A claim that never committed (no job row), its folder and marker older than the grace. */
    private StageFolder orphanOf(String id, String name, String content) throws IOException {
        Path dropped = Files.writeString(watched.resolve(name), content);
        StageFolder orphan = StageFolder.of(watched, id);
        orphan.claim(confinement, dropped);
        return aged(orphan);
    }

    private static StageFolder aged(StageFolder folder) throws IOException {
        FileTime hourAgo = FileTime.from(Instant.now().minus(Duration.ofHours(1)));
        Files.setLastModifiedTime(folder.jobFolder().resolve(StageFolder.MARKER), hourAgo);
        Files.setLastModifiedTime(folder.jobFolder(), hourAgo);
        return folder;
    }

    private List<String> watchedFiles() throws IOException {
        try (Stream<Path> entries = Files.list(watched)) {
            return entries.map(entry -> entry.getFileName().toString()).filter(name -> !name.equals("stage")).sorted().toList();
        }
    }

    @Test
    void anOrphanedClaimsFileStaysInStageForItsJobToBeMadeUnderTheFoldersId() throws Exception {
        String id = JobIds.next();
        StageFolder orphan = orphanOf(id, "scan.pdf", "dropped by a user");

        repair(List.of(orphan.jobFolder()));

        assertEquals(Map.of(id, orphan.input("scan.pdf")), orphans);
        assertEquals("dropped by a user", Files.readString(orphan.input("scan.pdf")), "the file stays where its job reads it");
        assertEquals(List.of(), watchedFiles(), "nothing goes back to the watched folder for a scan to claim a second time");
        assertEquals(0, counts[0] + counts[1], "the caller counts the jobs it makes");
    }

    @Test
    void aClaimStillInItsGraceIsLeftForItsCommit() throws Exception {
        Path dropped = Files.writeString(watched.resolve("fresh.txt"), "being claimed");
        StageFolder claiming = StageFolder.of(watched, JobIds.next());
        claiming.claim(confinement, dropped);

        repair(List.of(claiming.jobFolder()));

        assertEquals(Map.of(), orphans);
        assertEquals("being claimed", Files.readString(claiming.input("fresh.txt")));
    }

    /** A submitted document whose admission never committed: the broker redelivers it, so the copy must not run too. */
    @Test
    void anOrphanedCopyIsDroppedAndNoJobMadeOfIt() throws Exception {
        StageFolder copy = StageFolder.of(watched, JobIds.next()).createForCopy(confinement);
        Files.writeString(copy.input("invoice.xml"), "sent over JMS");
        aged(copy);

        repair(List.of(copy.jobFolder()));

        assertEquals(Map.of(), orphans);
        assertTrue(Files.notExists(copy.jobFolder()));
        assertEquals(List.of(), watchedFiles());
        assertEquals(1, counts[1]);
    }

    @Test
    void aClaimCutShortBeforeItsFileMovedLeavesAFolderThatGoes() throws Exception {
        StageFolder empty = aged(StageFolder.of(watched, JobIds.next()).create(confinement));

        repair(List.of(empty.jobFolder()));

        assertEquals(Map.of(), orphans);
        assertTrue(Files.notExists(empty.jobFolder()));
        assertEquals(1, counts[1]);
    }

    /** Only a folder a claim could have made gets a job: someone writing into the stage folder chooses no job id. */
    @Test
    void aMarkedFolderOfAShapeNoClaimMakesIsLeftAlone() throws Exception {
        StageFolder notAnId = orphanOf("made-up", "a.txt", "a");
        StageFolder twoInputs = orphanOf(JobIds.next(), "b.txt", "b");
        Files.writeString(twoInputs.input("extra.txt"), "put there by hand");
        aged(twoInputs);

        repair(List.of(notAnId.jobFolder(), twoInputs.jobFolder()));

        assertEquals(Map.of(), orphans);
        assertEquals("a", Files.readString(notAnId.input("a.txt")));
        assertEquals("b", Files.readString(twoInputs.input("b.txt")));
        assertEquals("put there by hand", Files.readString(twoInputs.input("extra.txt")));
        assertEquals(0, counts[0] + counts[1]);
    }

    /** A claim never takes a link, and an operation would read through one: a link put in an orphan's in folder gets no job. */
    @Test
    void aLinkInAnOrphansInFolderGetsNoJobAndItsTargetIsUntouched() throws Exception {
        Path outside = Files.createDirectories(root.resolve("outside"));
        Path secret = Files.writeString(outside.resolve("payroll.csv"), "must stay unread");
        StageFolder planted = StageFolder.of(watched, JobIds.next()).create(confinement);
        Path link = Files.createSymbolicLink(planted.input("payroll.csv"), secret);
        aged(planted);

        repair(List.of(planted.jobFolder()));

        assertEquals(Map.of(), orphans);
        assertTrue(Files.isSymbolicLink(link), "left where it was put");
        assertEquals("must stay unread", Files.readString(secret));
        assertEquals(0, counts[0] + counts[1]);
    }

    @Test
    void anEntryGoneSinceTheListingIsSkippedAndTheOrphansAfterItAreStillFound() throws Exception {
        // Listed, then removed by the writer of a job that finished meanwhile.
        Path gone = StageFolder.of(watched, JobIds.next()).jobFolder();
        String id = JobIds.next();
        StageFolder orphan = orphanOf(id, "a.txt", "a");

        repair(List.of(gone, orphan.jobFolder()));

        assertEquals(Map.of(id, orphan.input("a.txt")), orphans);
        assertEquals(List.of(), unsafe);
    }

    /** A busy endpoint's stage holds a folder per job in flight: those changed within the grace cost one look, no row read. */
    @Test
    void onlyEntriesUnchangedSinceTheGraceHaveTheirJobsReadAndALinkIsReportedWhateverItsAge() throws Exception {
        Path dropped = Files.writeString(watched.resolve("running.txt"), "its job runs now");
        StageFolder inFlight = StageFolder.of(watched, JobIds.next());
        inFlight.claim(confinement, dropped);
        StageFolder finished = aged(StageFolder.of(watched, JobIds.next()).create(confinement));
        String orphanId = JobIds.next();
        StageFolder orphan = orphanOf(orphanId, "left.txt", "left by a crash");
        Path outside = Files.createDirectories(root.resolve("outside"));
        Path link = Files.createSymbolicLink(watched.resolve("stage").resolve(JobIds.next()), outside);
        List<List<String>> asked = new ArrayList<>();

        Recovery.repairEntries(endpoint, List.of(inFlight.jobFolder(), finished.jobFolder(), orphan.jobFolder(), link), ids -> {
            asked.add(ids);
            return Map.of(finished.jobId(), new Jobs.Standing(endpoint.name(), JobState.SUCCEEDED));
        }, Instant.now().minus(Duration.ofSeconds(30)), unsafe::add, orphans::put, counts);

        assertEquals(List.of(List.of(finished.jobId(), orphanId)), asked, "one query, for the two folders older than the grace");
        assertEquals(Map.of(orphanId, orphan.input("left.txt")), orphans);
        assertTrue(Files.notExists(finished.jobFolder()), "a finished job's old folder goes");
        assertEquals(1, counts[1]);
        assertEquals("its job runs now", Files.readString(inFlight.input("running.txt")));
        assertEquals(1, unsafe.size(), "the new link is reported");
        assertTrue(Files.isSymbolicLink(link));
    }

    @Test
    void theFoldersKeptForClaimsAreNotTakenForAnOrphanedClaim() throws Exception {
        StageFolder finished = StageFolder.of(watched, JobIds.next()).create(confinement);
        Files.createDirectories(finished.startAttempt(1).work());
        finished.clear(confinement, "a.txt");
        Path spares = watched.resolve("stage").resolve(SpareStageFolders.FOLDER);
        Files.setLastModifiedTime(spares, FileTime.from(Instant.now().minus(Duration.ofHours(1))));

        repair(List.of(spares));

        assertEquals(Map.of(), orphans);
        assertEquals(0, counts[0] + counts[1]);
        assertTrue(Files.isDirectory(spares.resolve(finished.jobId())), "the kept folder stays for a claim");
    }
}
