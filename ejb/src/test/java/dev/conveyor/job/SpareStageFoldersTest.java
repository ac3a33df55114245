package dev.conveyor.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.endpoint.EndpointConfig;
import dev.conveyor.endpoint.EndpointState;
import dev.conveyor.endpoint.SettingValues;
import dev.conveyor.files.Confinement;
import dev.conveyor.files.FileTrees;
import dev.conveyor.files.UnsafeFolderException;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SpareStageFoldersTest {

    @TempDir
    Path root;

    private Path watched;

    @TempDir
    Path outside;

    @BeforeEach
    void watchedFolder() throws IOException {
        watched = Files.createDirectories(root.resolve("watched"));
    }

    private Confinement confinement() {
        return new Confinement(List.of(root));
    }

    private Path spares() {
        return watched.resolve("stage").resolve(SpareStageFolders.FOLDER);
    }

    /** A job's way through its stage folder as the copy operation goes it: claimed, run, results moved out, ended. */
    private StageFolder finishedJob(String jobId) throws IOException {
        Files.writeString(watched.resolve(jobId + ".txt"), "the source");
        StageFolder stage = StageFolder.of(watched, jobId);
        stage.claim(confinement(), watched.resolve(jobId + ".txt"));
        AttemptFolder run = stage.startAttempt(1);
        Files.createDirectories(run.work());
        Files.writeString(run.output().resolve("copy.txt"), "the result");
        run.finish(List.of(Path.of("copy.txt")));
        Files.move(run.output().resolve("copy.txt"), Files.createDirectories(watched.resolve("result")).resolve(jobId + ".txt"));
        Files.move(stage.input(jobId + ".txt"), Files.createDirectories(watched.resolve("preserve")).resolve(jobId + ".txt"));
        return stage;
    }

    @Test
    void aFinishedJobsFolderBecomesTheNextClaimsMarkedWithItsIdAndItsFirstAttemptTakesThePreparedFolder() throws IOException {
        StageFolder first = finishedJob("job-1");
        first.clear(confinement(), "job-1.txt");
        assertFalse(Files.exists(first.jobFolder()), "the finished job's folder is gone from its place");
        assertEquals(Set.of("job-1"), FileTrees.names(spares()), "kept as a spare");

        Files.writeString(watched.resolve("b.txt"), "next");
        StageFolder second = StageFolder.of(watched, "job-2");
        second.claim(confinement(), watched.resolve("b.txt"));
        assertTrue(FileTrees.names(spares()).isEmpty(), "the spare was taken");
        assertTrue(StageFolder.isMarked(second.jobFolder()), "marked with the new job's id");
        assertEquals("next", Files.readString(second.input("b.txt")));
        assertEquals(Set.of(StageFolder.MARKER, "in", SpareStageFolders.PREPARED_ATTEMPT), FileTrees.names(second.jobFolder()));

        AttemptFolder run = second.startAttempt(1);
        assertTrue(run.isEmptyAndNew(), "an empty out/ and work/, nothing of the job before");
        assertFalse(Files.exists(second.jobFolder().resolve(SpareStageFolders.PREPARED_ATTEMPT)));
        assertThrows(FileAlreadyExistsException.class, () -> second.startAttempt(1), "a second start of one attempt still fails");
        assertEquals("the result", Files.readString(watched.resolve("result/job-1.txt")), "the first job's result untouched");
    }

    /** As {@link #finishedJob}, with the result and the source linked out, as publishing does, so both are still staged at the end. */
    private StageFolder linkedOutJob(String jobId) throws IOException {
        Files.writeString(watched.resolve(jobId + ".txt"), "the source");
        StageFolder stage = StageFolder.of(watched, jobId);
        stage.claim(confinement(), watched.resolve(jobId + ".txt"));
        AttemptFolder run = stage.startAttempt(1);
        Files.writeString(run.output().resolve("copy.txt"), "the result");
        run.finish(List.of(Path.of("copy.txt")));
        Files.createLink(Files.createDirectories(watched.resolve("result")).resolve(jobId + ".txt"), run.output().resolve("copy.txt"));
        Files.createLink(Files.createDirectories(watched.resolve("preserve")).resolve(jobId + ".txt"), stage.input(jobId + ".txt"));
        return stage;
    }

    @Test
    void aSourceAndResultsStillStagedAreRemovedByTheirNamesAndTheSpareIsTaken() throws IOException {
        linkedOutJob("job-1").clear(confinement(), "job-1.txt");
        Path spare = spares().resolve("job-1");
        assertEquals(Set.of(), FileTrees.names(spare.resolve("in")));
        assertEquals(Set.of("out", "work"), FileTrees.names(spare.resolve(SpareStageFolders.PREPARED_ATTEMPT)));
        assertEquals(Set.of(), FileTrees.names(spare.resolve(SpareStageFolders.PREPARED_ATTEMPT).resolve("out")));

        Files.writeString(watched.resolve("b.txt"), "next");
        StageFolder next = StageFolder.of(watched, "job-2");
        next.claim(confinement(), watched.resolve("b.txt"));
        assertTrue(FileTrees.names(spares()).isEmpty(), "the spare was taken");
        assertTrue(next.startAttempt(1).isEmptyAndNew());
        assertEquals("the result", Files.readString(watched.resolve("result/job-1.txt")), "the published names untouched");
        assertEquals("the source", Files.readString(watched.resolve("preserve/job-1.txt")));
    }

    @Test
    void whatSomeoneAddedBesideTheSourceOrTheResultsKeepsTheSpareFromBeingUsed() throws IOException {
        StageFolder beside = linkedOutJob("job-1");
        Files.writeString(beside.jobFolder().resolve("in/planted.txt"), "not Conveyor's");
        beside.clear(confinement(), "job-1.txt");
        StageFolder made = StageFolder.of(watched, "job-2").create(confinement());
        assertEquals(Set.of(StageFolder.MARKER, "in"), FileTrees.names(made.jobFolder()), "a folder made as before");
        assertFalse(Files.exists(spares().resolve("job-1")), "the spare is deleted, what was planted with it");

        StageFolder besideResults = linkedOutJob("job-3");
        Files.writeString(besideResults.attempt(1).output().resolve("planted.pdf"), "a result to smuggle");
        besideResults.clear(confinement(), "job-3.txt");
        AttemptFolder run = StageFolder.of(watched, "job-4").create(confinement()).startAttempt(1);
        assertEquals(Set.of(), FileTrees.names(run.output()), "a new attempt folder, nothing of the job before");
        assertEquals("the result", Files.readString(watched.resolve("result/job-3.txt")), "the published result untouched");
    }

    @Test
    void aSourceNamedAsNoPlainNameEmptiesTheInputFolderByItsListing() throws IOException {
        StageFolder stage = linkedOutJob("job-1");
        stage.clear(confinement(), "..");
        assertEquals(Set.of(), FileTrees.names(spares().resolve("job-1").resolve("in")));
        assertEquals("the source", Files.readString(watched.resolve("preserve/job-1.txt")), "nothing above the input folder touched");
    }

    @Test
    void aFolderWithoutItsJobsMarkerIsLeftAsItIs() throws IOException {
        StageFolder stage = linkedOutJob("job-1");
        Files.writeString(stage.jobFolder().resolve(StageFolder.MARKER), "job-2");

        assertThrows(IOException.class, () -> stage.clear(confinement(), "job-1.txt"));
        assertTrue(Files.exists(stage.input("job-1.txt")), "nothing removed");
        assertFalse(Files.exists(spares().resolve("job-1")));
    }

    @Test
    void aGoneFolderIsNothingToClear() throws IOException {
        StageFolder stage = StageFolder.of(watched, "job-9");
        stage.clear(confinement(), "job-9.txt");
        assertFalse(Files.exists(stage.jobFolder()));
    }

    @Test
    void aLinkInPlaceOfAFinishedJobsFolderIsRefusedAndWhatItPointsAtIsNotEmptied() throws IOException {
        StageFolder stage = linkedOutJob("job-1");
        Path elsewhere = Files.createDirectories(outside.resolve("someones"));
        Files.writeString(elsewhere.resolve(StageFolder.MARKER), "job-1");
        Files.writeString(Files.createDirectories(elsewhere.resolve("in")).resolve("job-1.txt"), "theirs");
        FileTrees.delete(stage.jobFolder());
        Files.createSymbolicLink(stage.jobFolder(), elsewhere);

        assertThrows(UnsafeFolderException.class, () -> stage.clear(confinement(), "job-1.txt"));
        assertEquals("theirs", Files.readString(elsewhere.resolve("in/job-1.txt")));
    }

    @Test
    void aClaimOfAnOldSpareHasTheGraceOfANewFolderBeforeRecoveryMakesItsJob() throws IOException {
        finishedJob("job-1").clear(confinement(), "job-1.txt");
        Instant twoHoursAgo = Instant.now().minus(Duration.ofHours(2));
        Files.setLastModifiedTime(spares().resolve("job-1"), FileTime.from(twoHoursAgo));
        Files.setLastModifiedTime(spares().resolve("job-1").resolve(StageFolder.MARKER), FileTime.from(twoHoursAgo));
        Path dropped = Files.writeString(watched.resolve("claimed.txt"), "claimed, its job row not yet committed");
        String id = JobIds.next();
        StageFolder claim = StageFolder.of(watched, id);
        claim.claim(confinement(), dropped);
        Files.setLastModifiedTime(claim.jobFolder(), FileTime.from(twoHoursAgo));
        EndpointConfig endpoint = new EndpointConfig("spares", watched, SettingValues.EMPTY, EndpointState.ENABLED);
        Map<String, Path> orphans = new HashMap<>();
        int[] counts = {0, 0};

        Recovery.repairEntries(endpoint, List.of(claim.jobFolder()), ids -> Map.of(), Instant.now().minus(Duration.ofSeconds(30)), unsafe -> { },
                orphans::put, counts);
        assertEquals(Map.of(), orphans, "claimed just now: not an orphan yet, however old the kept folder");

        Files.setLastModifiedTime(claim.jobFolder().resolve(StageFolder.MARKER), FileTime.from(twoHoursAgo));
        Recovery.repairEntries(endpoint, List.of(claim.jobFolder()), ids -> Map.of(), Instant.now().minus(Duration.ofSeconds(30)), unsafe -> { },
                orphans::put, counts);
        assertEquals(Map.of(id, claim.input("claimed.txt")), orphans, "claimed two hours ago and never committed: its job is made");
        assertEquals("claimed, its job row not yet committed", Files.readString(claim.input("claimed.txt")));
    }

    @Test
    void aTakenSparesMarkerNamesTheNewJobAloneWhateverItHeldBefore() throws IOException {
        finishedJob("job-1").clear(confinement(), "job-1.txt");
        Files.writeString(spares().resolve("job-1").resolve(StageFolder.MARKER), "a longer text than any job id, written by someone else");

        StageFolder taken = StageFolder.of(watched, "job-2").create(confinement());

        assertEquals("job-2", Files.readString(taken.jobFolder().resolve(StageFolder.MARKER)), "written over and cut to the new id");
        assertTrue(StageFolder.isMarked(taken.jobFolder()));
    }

    @Test
    void aPipeInPlaceOfASparesMarkerDoesNotHoldTheClaim() throws Exception {
        finishedJob("job-1").clear(confinement(), "job-1.txt");
        Path marker = spares().resolve("job-1").resolve(StageFolder.MARKER);
        Files.delete(marker);
        assertEquals(0, new ProcessBuilder("mkfifo", marker.toString()).start().waitFor());

        StageFolder made = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> StageFolder.of(watched, "job-2").create(confinement()));

        assertTrue(StageFolder.isMarked(made.jobFolder()), "a folder made as before, marked");
        assertFalse(Files.exists(spares().resolve("job-1")), "the spare is deleted, the pipe with it");
    }

    @Test
    void aPipeInPlaceOfANewFoldersMarkerIsReplacedNotWrittenInto() throws Exception {
        Path folder = Files.createDirectories(StageFolder.of(watched, "job-3").jobFolder());
        assertEquals(0, new ProcessBuilder("mkfifo", folder.resolve(StageFolder.MARKER).toString()).start().waitFor());

        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> StageFolder.createMarked(confinement(), folder));

        assertTrue(StageFolder.isMarked(folder));
    }

    @Test
    void aSpareSomeoneWroteIntoIsDeletedNotUsed() throws IOException {
        finishedJob("job-1").clear(confinement(), "job-1.txt");
        Files.writeString(spares().resolve("job-1/in/planted.txt"), "not Conveyor's");

        StageFolder made = StageFolder.of(watched, "job-2").create(confinement());

        assertEquals(Set.of(StageFolder.MARKER, "in"), FileTrees.names(made.jobFolder()), "a folder made as before");
        assertTrue(FileTrees.names(made.jobFolder().resolve("in")).isEmpty());
        assertFalse(Files.exists(spares().resolve("job-1")));
    }

    @Test
    void aPreparedAttemptSomeoneWroteIntoIsReplacedByANewFolder() throws IOException {
        finishedJob("job-1").clear(confinement(), "job-1.txt");
        StageFolder taken = StageFolder.of(watched, "job-2").create(confinement());
        Files.writeString(taken.jobFolder().resolve(SpareStageFolders.PREPARED_ATTEMPT).resolve("work/planted.pdf"), "a result to smuggle");

        AttemptFolder run = taken.startAttempt(1);

        assertEquals(Set.of("out", "work"), FileTrees.names(run.folder()), "a new attempt folder, as one is made without spares");
        assertEquals(Set.of(), FileTrees.names(run.work()), "its work folder new and empty");
        assertFalse(Files.exists(run.work().resolve("planted.pdf")));
    }

    @Test
    void aLinkInPlaceOfThePreparedAttemptIsRemovedAndTheRunStaysInTheStageFolder() throws IOException {
        finishedJob("job-1").clear(confinement(), "job-1.txt");
        StageFolder taken = StageFolder.of(watched, "job-2").create(confinement());
        Path elsewhere = Files.createDirectories(outside.resolve("attempt"));
        Files.createDirectories(elsewhere.resolve("out"));
        Files.createDirectories(elsewhere.resolve("work"));
        Path prepared = taken.jobFolder().resolve(SpareStageFolders.PREPARED_ATTEMPT);
        FileTrees.delete(prepared);
        Files.createSymbolicLink(prepared, elsewhere);

        AttemptFolder run = taken.startAttempt(1);

        assertTrue(Files.isDirectory(run.folder(), LinkOption.NOFOLLOW_LINKS), "a real folder of the job's own");
        assertEquals(Set.of("out", "work"), FileTrees.names(elsewhere), "the link's target untouched");
    }

    @Test
    void aLinkInPlaceOfAFinishedJobsAttemptFolderIsRemovedAndWhatItPointsAtIsNotEmptied() throws IOException {
        StageFolder stage = finishedJob("job-1");
        Path elsewhere = Files.createDirectories(outside.resolve("someones"));
        Files.writeString(Files.createDirectories(elsewhere.resolve("out")).resolve("report.pdf"), "theirs");
        Files.writeString(Files.createDirectories(elsewhere.resolve("work")).resolve("notes.txt"), "theirs too");
        FileTrees.delete(stage.attempt(1).folder());
        Files.createSymbolicLink(stage.attempt(1).folder(), elsewhere);

        stage.clear(confinement(), "job-1.txt");

        assertEquals("theirs", Files.readString(elsewhere.resolve("out/report.pdf")));
        assertEquals("theirs too", Files.readString(elsewhere.resolve("work/notes.txt")));
        assertFalse(Files.exists(stage.jobFolder(), LinkOption.NOFOLLOW_LINKS), "the job's folder is deleted, the link with it");
        assertFalse(Files.exists(spares(), LinkOption.NOFOLLOW_LINKS) && !FileTrees.names(spares()).isEmpty(), "nothing kept");
    }

    @Test
    void aSpareReplacedByALinkIsRemovedWithoutTouchingWhereItPoints() throws IOException {
        finishedJob("job-1").clear(confinement(), "job-1.txt");
        Path elsewhere = Files.createDirectories(outside.resolve("precious"));
        Files.writeString(elsewhere.resolve(StageFolder.MARKER), "keep me");
        Files.createDirectories(elsewhere.resolve("in"));
        Files.createDirectories(elsewhere.resolve(SpareStageFolders.PREPARED_ATTEMPT));
        FileTrees.delete(spares().resolve("job-1"));
        Files.createSymbolicLink(spares().resolve("job-1"), elsewhere);

        StageFolder made = StageFolder.of(watched, "job-2").create(confinement());

        assertFalse(Files.isSymbolicLink(made.jobFolder()), "a folder of its own");
        assertEquals("keep me", Files.readString(elsewhere.resolve(StageFolder.MARKER)), "the link's target is untouched");
        assertTrue(Files.isDirectory(elsewhere.resolve("in")));
        assertFalse(Files.exists(spares().resolve("job-1"), LinkOption.NOFOLLOW_LINKS), "the link is removed");
    }

    @Test
    void aLinkInPlaceOfTheSparesFolderIsRefusedAndWhatItPointsAtIsNotTaken() throws IOException {
        finishedJob("job-1").clear(confinement(), "job-1.txt");
        Path moved = Files.move(spares(), outside.resolve("spares"));
        Files.createSymbolicLink(spares(), moved);

        assertThrows(UnsafeFolderException.class, () -> StageFolder.of(watched, "job-2").create(confinement()));

        assertEquals(Set.of("job-1"), FileTrees.names(moved), "the spare behind the link is neither taken nor removed");
        assertEquals("job-1", Files.readString(moved.resolve("job-1").resolve(StageFolder.MARKER)), "nor marked");
    }

    @Test
    void aJobWhoseRunLeftMoreThanTheUsualIsKeptEmptied() throws IOException {
        StageFolder stage = finishedJob("job-1");
        Files.writeString(stage.jobFolder().resolve("published.json"), "{}");
        Files.createDirectories(stage.attempt(1).folder().resolve("work/pages"));
        Files.writeString(Files.createDirectories(stage.startAttempt(2).work()).resolve("scratch.tmp"), "left by the operation");

        stage.clear(confinement(), "job-1.txt");

        Path spare = spares().resolve("job-1");
        assertEquals(Set.of(StageFolder.MARKER, "in", SpareStageFolders.PREPARED_ATTEMPT), FileTrees.names(spare));
        assertTrue(new AttemptFolder(spare.resolve(SpareStageFolders.PREPARED_ATTEMPT)).isEmptyAndNew());
    }

    /**
     * A job of {@code scans.zip} claimed as {@code job-1} whose run unpacked a folder {@code scans}
     * holding {@code page} (a nested unit, which only results.json lists) and finished: its attempt folder.
     */
    private AttemptFolder unpackedArchive(String page) throws IOException {
        Files.writeString(watched.resolve("scans.zip"), "the source");
        StageFolder stage = StageFolder.of(watched, "job-1");
        stage.claim(confinement(), watched.resolve("scans.zip"));
        AttemptFolder run = stage.startAttempt(1);
        Path unpacked = run.output().resolve("scans").resolve(page);
        Files.writeString(Files.createDirectories(unpacked.getParent()).resolve(unpacked.getFileName()), "a page");
        Files.writeString(run.work().resolve("unpacked.tmp"), "scratch");
        run.finish(List.of(Path.of("scans")));
        return run;
    }

    @Test
    void aJobWhoseUnitsWereListedInAFileIsKeptWithANewWorkFolder() throws IOException {
        AttemptFolder run = unpackedArchive("2026/page-1.txt");
        StageFolder stage = StageFolder.of(watched, "job-1");
        assertEquals(Set.of("out", "results.json"), FileTrees.names(run.folder()), "the run as such a run leaves it");
        Files.createDirectories(watched.resolve("result"));
        Files.move(run.output().resolve("scans"), watched.resolve("result/scans"));

        stage.clear(confinement(), "scans.zip");

        Path spare = spares().resolve("job-1");
        assertEquals(Set.of(StageFolder.MARKER, "in", SpareStageFolders.PREPARED_ATTEMPT), FileTrees.names(spare), "kept, not deleted");
        Files.writeString(watched.resolve("b.txt"), "next");
        StageFolder next = StageFolder.of(watched, "job-2");
        next.claim(confinement(), watched.resolve("b.txt"));
        assertTrue(FileTrees.names(spares()).isEmpty(), "the spare was taken");
        assertTrue(next.startAttempt(1).isEmptyAndNew(), "an empty out/ and a new, empty work/");
        assertEquals("a page", Files.readString(watched.resolve("result/scans/2026/page-1.txt")), "the published result untouched");
    }

    @Test
    void aStillStagedNestedResultIsRemovedWholeAndTheSpareIsTaken() throws IOException {
        AttemptFolder run = unpackedArchive("page-1.txt");
        StageFolder stage = StageFolder.of(watched, "job-1");
        Files.createLink(Files.createDirectories(watched.resolve("result/scans")).resolve("page-1.txt"), run.output().resolve("scans/page-1.txt"));

        stage.clear(confinement(), "scans.zip");

        Path prepared = spares().resolve("job-1").resolve(SpareStageFolders.PREPARED_ATTEMPT);
        assertTrue(new AttemptFolder(prepared).isEmptyAndNew(), "the nested result's folder gone from out/, work/ made again");
        assertEquals("a page", Files.readString(watched.resolve("result/scans/page-1.txt")), "the linked-out result untouched");
    }

    @Test
    void everyFolderOfABacklogIsKeptAndTheClaimsAfterItMakeNone() throws IOException {
        // More than the 1,024 once kept: a backlog's claims run that far ahead of its job ends.
        int backlog = 1_100;
        List<StageFolder> inFlight = new ArrayList<>();
        for (int i = 0; i < backlog; i++) {
            inFlight.add(finishedJob("job-" + i));
        }
        for (int i = 0; i < backlog; i++) {
            inFlight.get(i).clear(confinement(), "job-" + i + ".txt");
        }
        assertEquals(backlog, FileTrees.names(spares()).size(), "every finished job's folder kept");

        for (int i = 0; i < backlog; i++) {
            Files.writeString(watched.resolve("next-" + i + ".txt"), "next");
            StageFolder.of(watched, "next-job-" + i).claim(confinement(), watched.resolve("next-" + i + ".txt"));
        }
        assertTrue(FileTrees.names(spares()).isEmpty(), "each claim took a kept folder rather than making one");
    }

    @Test
    void sparesUnusedForAWhileAreTrimmed() throws IOException {
        finishedJob("job-1").clear(confinement(), "job-1.txt");
        Path stageFolder = watched.resolve("stage");

        SpareStageFolders.trim(stageFolder, Instant.now().minus(SpareStageFolders.IDLE));
        assertEquals(Set.of("job-1"), FileTrees.names(spares()), "just kept: stays");

        SpareStageFolders.trim(stageFolder, Instant.now().plusSeconds(1));
        assertTrue(FileTrees.names(spares()).isEmpty(), "unused since before the cutoff: deleted");
        Files.writeString(watched.resolve("c.txt"), "after the trim");
        StageFolder made = StageFolder.of(watched, "job-3");
        made.claim(confinement(), watched.resolve("c.txt"));
        assertEquals(Set.of(StageFolder.MARKER, "in"), FileTrees.names(made.jobFolder()), "made as before");
    }
}
