package dev.conveyor.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.files.Confinement;
import dev.conveyor.files.UnsafeFolderException;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StageFolderTest {

    @TempDir
    Path watched;

    @TempDir
    Path root;

    @TempDir
    Path outside;

    @Test
    void onlyAnEmptyFileNamedAsAMarkIsACatchUpMark() throws Exception {
        Path mark = Files.createFile(root.resolve(StageFolder.EVENTS_MARK_PREFIX + "7"));
        assertTrue(StageFolder.isEventsMark(mark));

        Path written = Files.writeString(root.resolve(StageFolder.EVENTS_MARK_PREFIX + "8"), "someone's data");
        Path folder = Files.createDirectories(root.resolve(StageFolder.EVENTS_MARK_PREFIX + "9"));
        Path link = Files.createSymbolicLink(root.resolve(StageFolder.EVENTS_MARK_PREFIX + "10"), mark);
        Path otherName = Files.createFile(root.resolve("events-11"));
        for (Path notAMark : new Path[] {written, folder, link, otherName}) {
            assertFalse(StageFolder.isEventsMark(notAMark), notAMark + " is not Conveyor's mark: recovery leaves it");
        }
    }

    @Test
    void aRunStagedBeforePerAttemptFoldersIsPublishedFromTheJobsOwnFolder() throws IOException {
        StageFolder before = StageFolder.of(watched, "job-old").create(new Confinement(List.of(watched)));
        // The layout of a version before per-attempt folders: out/ and results.json in the job's folder itself.
        Files.createDirectories(before.jobFolder().resolve("out"));
        Files.writeString(before.jobFolder().resolve("out").resolve("scan.txt"), "the old run");
        Files.writeString(before.jobFolder().resolve("results.json"), "[\"scan.txt\"]");

        AttemptFolder run = before.recordedRun(1);
        assertEquals(List.of(Path.of("scan.txt")), run.resultUnits());
        assertEquals("the old run", Files.readString(run.output().resolve("scan.txt")));

        StageFolder now = StageFolder.of(watched, "job-new").create(new Confinement(List.of(watched)));
        AttemptFolder second = now.attempt(2).create();
        second.writeResultUnits(List.of(Path.of("new.txt")));
        assertEquals(second, now.recordedRun(2), "an attempt's own folder, once there is one");
    }

    @Test
    void aRunIsFinishedOnlyOnceItsWholeListOfResultsIsWritten() throws IOException {
        AttemptFolder run = StageFolder.of(watched, "job-1").create(new Confinement(List.of(watched))).attempt(1).create();
        assertTrue(run.finishedRun().isEmpty(), "no run yet");

        Files.writeString(run.folder().resolve("results.json"), "[\"scan.txt\",\"sc");
        assertTrue(run.finishedRun().isEmpty(), "a list cut short by a crash counts as none");

        run.writeResultUnits(List.of(Path.of("scan.txt"), Path.of("pages/1.pdf")));
        assertEquals(List.of(Path.of("scan.txt"), Path.of("pages/1.pdf")), run.finishedRun().orElseThrow());
    }

    @Test
    void eachJobHasItsOwnFolderInTheStageFolderAndEachAttemptItsOwnInThat() {
        StageFolder stage = StageFolder.of(watched, "job-1");

        assertEquals(watched.resolve("stage/job-1"), stage.jobFolder());
        assertEquals(watched.resolve("stage/job-1/in/scan.pdf"), stage.input("scan.pdf"));
        assertEquals(watched.resolve("stage/job-1/2"), stage.attempt(2).folder());
        assertEquals(watched.resolve("stage/job-1/2/out"), stage.attempt(2).output());
        assertEquals(watched.resolve("stage/job-1/2/work"), stage.attempt(2).work());
    }

    @Test
    void anAttemptsFolderIsMadeNewNeverTakenFromWhatIsThere() throws IOException {
        StageFolder stage = StageFolder.of(watched, "job-1").create(new Confinement(List.of(watched)));
        AttemptFolder run = stage.attempt(1).create();
        assertTrue(Files.isDirectory(run.output()));

        assertThrows(FileAlreadyExistsException.class, () -> stage.attempt(1).create());
    }

    @Test
    void withoutAnOutputFolderThereAreNoUnits() throws IOException {
        assertEquals(List.of(), StageFolder.of(watched, "job-1").attempt(1).resultUnits());
    }

    @Test
    void withoutAListEveryEntryOfTheOutputFolderIsAUnitInNameOrder() throws IOException {
        AttemptFolder run = StageFolder.of(watched, "job-1").attempt(1);
        Files.createDirectories(run.output().resolve("pages"));
        Files.writeString(run.output().resolve("b.txt"), "b");
        Files.writeString(run.output().resolve("a.txt"), "a");

        assertEquals(List.of(Path.of("a.txt"), Path.of("b.txt"), Path.of("pages")), run.resultUnits());
    }

    @Test
    void writtenUnitsAreReadBackInTheirOrder() throws IOException {
        AttemptFolder run = StageFolder.of(watched, "job-1").attempt(1);
        Files.createDirectories(run.output());
        List<Path> units = List.of(Path.of("z.txt"), Path.of("text/a b.txt"), Path.of("pages"));

        run.writeResultUnits(units);

        assertEquals(units, run.resultUnits());
    }

    /** A run of the given attempt with one result; finished when its list is written. */
    private static AttemptFolder run(StageFolder stage, int attempt, String result, boolean finished) throws IOException {
        AttemptFolder run = stage.attempt(attempt).create();
        Files.writeString(run.output().resolve("scan.txt"), result);
        if (finished) {
            run.writeResultUnits(List.of(Path.of("scan.txt")));
        }
        return run;
    }

    @Test
    void aLaterAttemptTakesOverTheNewestFinishedRunAndClearsTheOtherEarlierOnes() throws IOException {
        StageFolder stage = StageFolder.of(watched, "job-1").create(new Confinement(List.of(watched)));
        Files.writeString(stage.input("scan.pdf"), "source");
        run(stage, 1, "first run", true);
        run(stage, 2, "second run", true);
        run(stage, 3, "half of a third run", false);

        assertTrue(stage.takeOverFinishedRun(4, true));

        assertEquals("second run", Files.readString(stage.attempt(4).output().resolve("scan.txt")));
        assertEquals(List.of(Path.of("scan.txt")), stage.attempt(4).finishedRun().orElseThrow());
        assertEquals(List.of("4", StageFolder.MARKER, "in"), listing(stage.jobFolder()), "the others gone, the input kept");
        assertEquals("source", Files.readString(stage.input("scan.pdf")));
    }

    @Test
    void withoutAFinishedRunNothingIsTakenOverAndTheEarlierFoldersGo() throws IOException {
        StageFolder stage = StageFolder.of(watched, "job-1").create(new Confinement(List.of(watched)));
        run(stage, 1, "half of a run", false);

        assertFalse(stage.takeOverFinishedRun(2, true));

        assertEquals(List.of(StageFolder.MARKER, "in"), listing(stage.jobFolder()));
        stage.attempt(2).create();
    }

    /** A join: its split's attempt finished a run whose results went out as the children; that run is not the join's. */
    @Test
    void withoutReuseAFinishedRunIsClearedNotTakenOver() throws IOException {
        StageFolder stage = StageFolder.of(watched, "job-1").create(new Confinement(List.of(watched)));
        run(stage, 1, "the split", true);
        Files.createDirectories(Fragments.folder(stage).resolve("00001"));

        assertFalse(stage.takeOverFinishedRun(2, false));

        assertEquals(List.of(StageFolder.MARKER, "fragments", "in"), listing(stage.jobFolder()));
    }

    @Test
    void onlyEarlierAttemptsFoldersAreTouched() throws IOException {
        StageFolder stage = StageFolder.of(watched, "job-1").create(new Confinement(List.of(watched)));
        run(stage, 3, "a later attempt's", true);
        Files.createDirectories(stage.jobFolder().resolve("01"));
        Files.writeString(stage.jobFolder().resolve("published.json"), "{}");

        assertFalse(stage.takeOverFinishedRun(2, true));

        assertEquals(List.of("01", "3", StageFolder.MARKER, "in", "published.json"), listing(stage.jobFolder()));
    }

    /** A quick run that did not commit left its attempt's folder: the careful start of the same attempt meets it. */
    @Test
    void aRunOfThisAttemptLeftUncommittedIsTakenOverWhenFinishedAndClearedWhenNot() throws IOException {
        StageFolder stage = StageFolder.of(watched, "job-1").create(new Confinement(List.of(watched)));
        run(stage, 1, "a quick run's", true);
        assertThrows(FileAlreadyExistsException.class, () -> stage.startAttempt(1));

        assertTrue(stage.takeOverUncommittedRun(1, true));
        assertEquals("a quick run's", Files.readString(stage.attempt(1).output().resolve("scan.txt")), "kept as it is");

        assertFalse(stage.takeOverUncommittedRun(1, false), "a join's takes over no run");
        assertEquals(List.of(StageFolder.MARKER, "in"), listing(stage.jobFolder()));
        run(stage, 2, "half of a quick run", false);
        assertFalse(stage.takeOverUncommittedRun(2, true));
        assertEquals(List.of(StageFolder.MARKER, "in"), listing(stage.jobFolder()));
        assertEquals(List.of(), listing(stage.startAttempt(2).output()), "made anew, without the half run's result");
    }

    /** The fence on files: a node still running the attempt it made the run in finds its folder gone. */
    @Test
    void whatALateNodeWritesForItsAttemptAfterTheTakeOverIsNotInTheTakenOverRun() throws IOException {
        StageFolder stage = StageFolder.of(watched, "job-1").create(new Confinement(List.of(watched)));
        AttemptFolder late = run(stage, 1, "the run", true);
        assertTrue(stage.takeOverFinishedRun(2, true));

        Files.createDirectories(late.output());
        Files.writeString(late.output().resolve("scan.txt"), "written late");
        late.writeResultUnits(List.of(Path.of("scan.txt"), Path.of("extra.txt")));

        assertEquals("the run", Files.readString(stage.attempt(2).output().resolve("scan.txt")));
        assertEquals(List.of(Path.of("scan.txt")), stage.attempt(2).resultUnits());
    }

    private static List<String> listing(Path folder) throws IOException {
        try (var children = Files.list(folder)) {
            return children.map(child -> child.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void aCreatedJobFolderCarriesTheMarkerNamingIt() throws IOException {
        Confinement confinement = new Confinement(List.of(root));
        StageFolder stage = StageFolder.of(root.resolve("in"), "job-1").create(confinement);

        assertTrue(Files.isDirectory(stage.input("x").getParent()));
        assertEquals("job-1", Files.readString(stage.jobFolder().resolve(StageFolder.MARKER)));
        assertTrue(StageFolder.isMarked(stage.jobFolder()));
        stage.verify(confinement);
    }

    /** A folder of the stage folder whose marker holds {@code text}. */
    private Path folderMarkedAs(String name, String text) throws IOException {
        Path folder = Files.createDirectories(root.resolve("in/stage").resolve(name));
        Files.writeString(folder.resolve(StageFolder.MARKER), text);
        return folder;
    }

    @Test
    void aMarkerNamingAnotherFolderOrALinkedMarkerProvesNothing() throws IOException {
        assertFalse(StageFolder.isMarked(folderMarkedAs("job-2", "job-1")));

        Path linked = Files.createDirectories(root.resolve("in/stage/job-3"));
        Files.writeString(outside.resolve("marker"), "job-3");
        Files.createSymbolicLink(linked.resolve(StageFolder.MARKER), outside.resolve("marker"));
        assertFalse(StageFolder.isMarked(linked));
        assertThrows(IOException.class, () -> new StageFolder(linked).verify(new Confinement(List.of(root))));
    }

    @Test
    void aMarkerLongerThanTheNameAPipeOrAFolderProvesNothingAndIsNeverWaitedOn() throws Exception {
        assertFalse(StageFolder.isMarked(folderMarkedAs("job-4", "job-4 and more")));
        assertFalse(StageFolder.isMarked(folderMarkedAs("job-44", "job-4")));

        // Opened for reading, a pipe would wait for a writer for ever.
        Path piped = Files.createDirectories(root.resolve("in/stage/job-5"));
        Process mkfifo = new ProcessBuilder("mkfifo", piped.resolve(StageFolder.MARKER).toString()).start();
        assertEquals(0, mkfifo.waitFor());
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> assertFalse(StageFolder.isMarked(piped)));

        Path folder = Files.createDirectories(root.resolve("in/stage/job-6/" + StageFolder.MARKER));
        assertFalse(StageFolder.isMarked(folder.getParent()));
        assertFalse(StageFolder.isMarked(Files.createDirectories(root.resolve("in/stage/job-7"))), "no marker at all");
    }

    @Test
    void aFolderNotMadeYetPassesItsCheckAndOneWithoutItsMarkerDoesNot() throws IOException {
        Confinement confinement = new Confinement(List.of(root));
        StageFolder absent = StageFolder.of(root.resolve("in"), "job-8");
        assertEquals(absent, absent.verify(confinement));
        Files.createDirectories(absent.jobFolder());
        assertThrows(IOException.class, () -> absent.verify(confinement));
    }

    @Test
    void aStageFolderReplacedByALinkIsRefusedBeforeUse() throws IOException {
        Files.createDirectories(root.resolve("in"));
        Files.createDirectories(outside.resolve("job-1"));
        Files.createSymbolicLink(root.resolve("in/stage"), outside);
        Confinement confinement = new Confinement(List.of(root));

        assertThrows(UnsafeFolderException.class, () -> StageFolder.of(root.resolve("in"), "job-1").verify(confinement));
        assertThrows(UnsafeFolderException.class, () -> StageFolder.of(root.resolve("in"), "job-2").create(confinement));
        assertFalse(Files.exists(outside.resolve("job-2")), "nothing was created through the link");
    }

    @Test
    void theInputsAreWhatTheClaimMovedIntoTheInFolder() throws IOException {
        Confinement confinement = new Confinement(List.of(root));
        Path watched = Files.createDirectories(root.resolve("in"));
        Files.writeString(watched.resolve("scan.pdf"), "dropped by a user");
        StageFolder claimed = StageFolder.of(watched, "job-1");

        Path staged = claimed.claim(confinement, watched.resolve("scan.pdf"));

        assertEquals(List.of(staged), claimed.inputs());
        assertEquals(List.of(), StageFolder.of(watched, "never-made").inputs());
    }

    @Test
    void aLinkInPlaceOfTheInFolderIsNeverListedThrough() throws IOException {
        Files.writeString(outside.resolve("payroll.csv"), "must stay");
        StageFolder stage = StageFolder.of(root.resolve("in"), "job-1");
        Files.createDirectories(stage.jobFolder());
        Files.createSymbolicLink(stage.jobFolder().resolve("in"), outside);

        assertEquals(List.of(), stage.inputs());
    }

    @Test
    void aDeleteTakesEverythingTheMarkerLast() throws IOException {
        Confinement confinement = new Confinement(List.of(root));
        StageFolder stage = StageFolder.of(root.resolve("in"), "job-1").create(confinement);
        AttemptFolder run = stage.attempt(1).create();
        Files.createDirectories(run.output().resolve("pages"));
        Files.writeString(run.output().resolve("pages/1.txt"), "one");
        run.writeResultUnits(List.of(Path.of("pages")));

        stage.delete();

        assertFalse(Files.exists(stage.jobFolder()));
        stage.delete();
    }

    @Test
    void aDeleteRemovesALinkInPlaceOfTheFolderNotWhatItPointsTo() throws IOException {
        Files.writeString(outside.resolve("payroll.csv"), "must stay");
        Path stage = Files.createDirectories(root.resolve("in/stage"));
        Files.createSymbolicLink(stage.resolve("job-1"), outside);

        StageFolder.of(root.resolve("in"), "job-1").delete();

        assertFalse(Files.exists(stage.resolve("job-1"), java.nio.file.LinkOption.NOFOLLOW_LINKS), "the link is gone");
        assertEquals("must stay", Files.readString(outside.resolve("payroll.csv")));
    }

    /** A crash between making a job's folder and writing its marker leaves the folder empty, or the marker empty. */
    @Test
    void onlyWhatACrashLeavesBeforeTheMarkerIsUnfinishedMaking() throws IOException {
        Path empty = Files.createDirectories(root.resolve("stage/empty"));
        assertTrue(StageFolder.isUnfinishedMaking(empty));

        Path emptyMarker = Files.createDirectories(root.resolve("stage/empty-marker"));
        Files.createFile(emptyMarker.resolve(StageFolder.MARKER));
        assertTrue(StageFolder.isUnfinishedMaking(emptyMarker));

        Path written = Files.createDirectories(root.resolve("stage/written"));
        Files.writeString(written.resolve(StageFolder.MARKER), "written");
        assertFalse(StageFolder.isUnfinishedMaking(written), "a written marker: a folder recovery judges by its job");

        Path someonesFolder = Files.createDirectories(root.resolve("stage/someones"));
        Files.createFile(someonesFolder.resolve(StageFolder.MARKER));
        Files.writeString(someonesFolder.resolve("notes.txt"), "not Conveyor's");
        assertFalse(StageFolder.isUnfinishedMaking(someonesFolder), "anything more than an empty marker is left alone");
    }
}
