package dev.conveyor.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.files.Confinement;
import dev.conveyor.files.UnsafeFolderException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
    void aRunIsFinishedOnlyOnceItsWholeListOfResultsIsWritten() throws IOException {
        StageFolder stage = StageFolder.of(watched, "job-1").create(new Confinement(List.of(watched)));
        assertTrue(stage.finishedRun().isEmpty(), "no run yet");

        Files.writeString(stage.jobFolder().resolve("results.json"), "[\"scan.txt\",\"sc");
        assertTrue(stage.finishedRun().isEmpty(), "a list cut short by a crash counts as none");

        stage.writeResultUnits(List.of(Path.of("scan.txt"), Path.of("pages/1.pdf")));
        assertEquals(List.of(Path.of("scan.txt"), Path.of("pages/1.pdf")), stage.finishedRun().orElseThrow());
    }

    @Test
    void eachJobHasItsOwnFolderInTheStageFolder() {
        StageFolder stage = StageFolder.of(watched, "job-1");

        assertEquals(watched.resolve("stage/job-1"), stage.jobFolder());
        assertEquals(watched.resolve("stage/job-1/in/scan.pdf"), stage.input("scan.pdf"));
        assertEquals(watched.resolve("stage/job-1/out"), stage.output());
        assertEquals(watched.resolve("stage/job-1/work"), stage.work());
    }

    @Test
    void withoutAnOutputFolderThereAreNoUnits() throws IOException {
        assertEquals(List.of(), StageFolder.of(watched, "job-1").resultUnits());
    }

    @Test
    void withoutAListEveryEntryOfTheOutputFolderIsAUnitInNameOrder() throws IOException {
        StageFolder stage = StageFolder.of(watched, "job-1");
        Files.createDirectories(stage.output().resolve("pages"));
        Files.writeString(stage.output().resolve("b.txt"), "b");
        Files.writeString(stage.output().resolve("a.txt"), "a");

        assertEquals(List.of(Path.of("a.txt"), Path.of("b.txt"), Path.of("pages")), stage.resultUnits());
    }

    @Test
    void writtenUnitsAreReadBackInTheirOrder() throws IOException {
        StageFolder stage = StageFolder.of(watched, "job-1");
        Files.createDirectories(stage.output());
        List<Path> units = List.of(Path.of("z.txt"), Path.of("text/a b.txt"), Path.of("pages"));

        stage.writeResultUnits(units);

        assertEquals(units, stage.resultUnits());
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

    @Test
    void aMarkerNamingAnotherFolderOrALinkedMarkerProvesNothing() throws IOException {
        Path copied = Files.createDirectories(root.resolve("in/stage/job-2"));
        Files.writeString(copied.resolve(StageFolder.MARKER), "job-1");
        assertFalse(StageFolder.isMarked(copied));

        Path linked = Files.createDirectories(root.resolve("in/stage/job-3"));
        Files.writeString(outside.resolve("marker"), "job-3");
        Files.createSymbolicLink(linked.resolve(StageFolder.MARKER), outside.resolve("marker"));
        assertFalse(StageFolder.isMarked(linked));
        assertThrows(IOException.class, () -> new StageFolder(linked).verify(new Confinement(List.of(root))));
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
    void anOrphanedClaimGoesBackToTheInputFolderToBeClaimedAgain() throws IOException {
        Confinement confinement = new Confinement(List.of(root));
        Path watched = Files.createDirectories(root.resolve("in"));
        Files.writeString(watched.resolve("scan.pdf"), "dropped by a user");
        StageFolder claimed = StageFolder.of(watched, "job-1");
        claimed.claim(confinement, watched.resolve("scan.pdf"));

        assertFalse(claimed.holdsCopy());
        assertEquals(1, claimed.settleOrphan(watched));

        assertEquals("dropped by a user", Files.readString(watched.resolve("scan.pdf")));
        assertFalse(Files.exists(claimed.jobFolder()));
    }

    /** A submitted document whose admission never committed: the broker redelivers it, so the copy must not run too. */
    @Test
    void anOrphanedCopyIsDroppedNotReturned() throws IOException {
        Confinement confinement = new Confinement(List.of(root));
        Path watched = Files.createDirectories(root.resolve("in"));
        StageFolder copy = StageFolder.of(watched, "job-1").createForCopy(confinement);
        Files.writeString(copy.input("invoice.xml"), "sent over JMS");

        assertTrue(copy.holdsCopy());
        assertTrue(StageFolder.isMarked(copy.jobFolder()), "a copy's folder is Conveyor's like a claim's");
        assertEquals(0, copy.settleOrphan(watched));

        assertFalse(Files.exists(watched.resolve("invoice.xml")), "nothing returned to the input folder");
        assertFalse(Files.exists(copy.jobFolder()));
    }

    @Test
    void aDeleteTakesEverythingTheMarkerLast() throws IOException {
        Confinement confinement = new Confinement(List.of(root));
        StageFolder stage = StageFolder.of(root.resolve("in"), "job-1").create(confinement);
        Files.createDirectories(stage.output().resolve("pages"));
        Files.writeString(stage.output().resolve("pages/1.txt"), "one");
        stage.writeResultUnits(List.of(Path.of("pages")));

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
