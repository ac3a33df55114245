package dev.conveyor.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.endpoint.FolderTemplate;
import dev.conveyor.files.FileTrees;
import dev.conveyor.operation.Document;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AttemptFolderTest {

    @TempDir
    Path stage;

    /** A run as the pipeline leaves it before its end: the units placed in out/, the work folder emptied. */
    private AttemptFolder ranWith(String... outputs) throws IOException {
        AttemptFolder run = new AttemptFolder(stage.resolve("1")).create();
        Files.createDirectories(run.work());
        for (String output : outputs) {
            Files.createDirectories(run.output().resolve(output).getParent());
            Files.writeString(run.output().resolve(output), "result " + output);
        }
        return run;
    }

    @Test
    void anAttemptFolderIsNamedByItsNumberFromOneAndNothingElseIs() {
        for (String attempt : List.of("1", "2", "10", "999999999")) {
            assertTrue(AttemptFolder.isAttemptName(attempt), attempt);
        }
        for (String other : List.of("0", "01", "1000000000", "-1", "1a", "next", "finished", "", "conveyor-stage.id")) {
            assertFalse(AttemptFolder.isAttemptName(other), other);
        }
    }

    @Test
    void aRunOfFilesInNameOrderEndsWithoutAListFileAndKeepsItsListWhileTheUnitsLeave() throws IOException {
        AttemptFolder run = ranWith("a.txt", "b.txt");
        List<Path> units = List.of(Path.of("a.txt"), Path.of("b.txt"));

        run.finish(units);

        assertFalse(Files.exists(run.folder().resolve("results.json")), "no new file for the list");
        assertFalse(Files.exists(run.work()));
        assertEquals(units, run.finishedRun().orElseThrow());
        // A unit that cannot be linked into the result folder is moved there: the list must not lose it.
        Files.move(run.output().resolve("a.txt"), stage.resolve("a.txt"));
        assertEquals(units, run.resultUnits());
        assertEquals("result b.txt", Files.readString(run.output().resolve(run.resultUnits().get(1))));
    }

    /** The operation's document placed by a link keeps its name in work/ (OutputPlacer): that name serves the list. */
    @Test
    void aUnitWhoseOtherNameIsInTheWorkFolderAlreadyBecomesTheListAndAStrangerOfTheSameNameDoesNot() throws IOException {
        AttemptFolder linked = ranWith("a.txt", "b.txt");
        Files.createLink(linked.work().resolve("a.txt"), linked.output().resolve("a.txt"));
        List<Path> units = List.of(Path.of("a.txt"), Path.of("b.txt"));

        linked.finish(units);

        assertFalse(Files.exists(linked.folder().resolve("results.json")));
        assertEquals(units, linked.finishedRun().orElseThrow());
        Path list = linked.folder().resolve("finished");
        assertTrue(Files.isSameFile(list.resolve("a.txt"), linked.output().resolve("a.txt")));
        assertTrue(Files.isSameFile(list.resolve("b.txt"), linked.output().resolve("b.txt")));

        AttemptFolder stranger = new AttemptFolder(stage.resolve("2")).create();
        Files.writeString(stranger.output().resolve("a.txt"), "result a.txt");
        Files.createDirectories(stranger.work());
        Files.writeString(stranger.work().resolve("a.txt"), "a file of the same name, not the result");

        stranger.finish(List.of(Path.of("a.txt")));

        assertTrue(Files.exists(stranger.folder().resolve("results.json")), "a name alone does not make a unit's link");
        assertFalse(Files.exists(stranger.work()));
        assertEquals(List.of(Path.of("a.txt")), stranger.finishedRun().orElseThrow());
    }

    /**
     * A document named "scan 07.12.2026.pdf" is placed as "scan%2007%2E12%2E2026.pdf" and keeps its own name in
     * work/: renamed to its unit's name there, the work folder still becomes the list, where it was written as a
     * list file and the job's stage folder could not be kept for the next job.
     */
    @Test
    void aDocumentPlacedUnderASaferNameIsRenamedToItInTheWorkFolderAndTheListIsThatFolder() throws IOException {
        AttemptFolder run = new AttemptFolder(stage.resolve("1")).create();
        Path made = Files.writeString(run.work().resolve("scan 07.12.2026.pdf"), "scanned");
        FolderTemplate.Values values = new FolderTemplate.Values(ZonedDateTime.of(2026, 12, 7, 12, 0, 0, 0, ZoneOffset.UTC),
                "job-1", "scans", "scan 07.12.2026.pdf", new Random(1));
        List<Path> units = OutputPlacer.place(Map.of("output", new Document("scan 07.12.2026.pdf", made)), Map.of(),
                stage.resolve("in").resolve("scan 07.12.2026.pdf"), values, run.output(), run.work());
        assertEquals(List.of(Path.of("scan%2007%2E12%2E2026.pdf")), units);

        run.finish(units);

        assertFalse(Files.exists(run.folder().resolve("results.json")), "no new file for the list");
        assertFalse(Files.exists(run.work()));
        assertEquals(units, run.finishedRun().orElseThrow());
        Path listed = run.folder().resolve("finished").resolve("scan%2007%2E12%2E2026.pdf");
        assertTrue(Files.isSameFile(listed, run.output().resolve(units.get(0))));
        assertEquals(List.of(listed), FileTrees.entryNamesIfFolder(listed.getParent()).orElseThrow().stream()
                .map(listed.getParent()::resolve).toList(), "the operation's own name is gone from the list");
    }

    /** Another file in work/ is no unit under another name, even when it holds the same bytes. */
    @Test
    void aCopyOfAUnitUnderAnotherNameInTheWorkFolderMakesTheRunWriteAList() throws IOException {
        AttemptFolder run = ranWith("a%20b.txt");
        Files.writeString(run.work().resolve("a b.txt"), "result a%20b.txt");

        run.finish(List.of(Path.of("a%20b.txt")));

        assertTrue(Files.isRegularFile(run.folder().resolve("results.json")));
        assertEquals(List.of(Path.of("a%20b.txt")), run.finishedRun().orElseThrow());
    }

    @Test
    void unitsInFoldersOutOfNameOrderOrBesideLeftoversAreWrittenAsAList() throws IOException {
        List<List<Path>> lists = List.of(List.of(Path.of("pages/1.pdf")), List.of(Path.of("b.txt"), Path.of("a.txt")),
                List.of(Path.of("a.txt")));
        for (int kind = 0; kind < lists.size(); kind++) {
            AttemptFolder run = new AttemptFolder(stage.resolve(Integer.toString(kind + 1))).create();
            for (Path unit : lists.get(kind)) {
                Files.createDirectories(run.output().resolve(unit).getParent());
                Files.writeString(run.output().resolve(unit), "result");
            }
            Files.createDirectories(run.work());
            if (kind == 2) {
                Files.writeString(run.work().resolve("scratch.tmp"), "the operation's own leftover");
            }

            run.finish(lists.get(kind));

            assertTrue(Files.isRegularFile(run.folder().resolve("results.json")), lists.get(kind).toString());
            assertFalse(Files.exists(run.work()));
            assertEquals(lists.get(kind), run.finishedRun().orElseThrow());
        }
    }

    /** A crash after some links and before the rename: the run did not finish, and a later attempt runs again. */
    @Test
    void linksMadeButNotYetNamedAsTheListAreNoFinishedRun() throws IOException {
        AttemptFolder run = ranWith("a.txt");
        Files.createLink(run.work().resolve("a.txt"), run.output().resolve("a.txt"));

        assertTrue(run.finishedRun().isEmpty());
    }

    @Test
    void aRunWithoutResultsFinishesWithAnEmptyList() throws IOException {
        AttemptFolder run = ranWith();

        run.finish(List.of());

        assertEquals(List.of(), run.finishedRun().orElseThrow());
    }

    @Test
    void aPipeInPlaceOfTheResultListCountsAsNoFinishedRunAndHoldsNoReader() throws Exception {
        AttemptFolder run = ranWith("a.txt");
        assertEquals(0, new ProcessBuilder("mkfifo", run.folder().resolve("results.json").toString()).start().waitFor());

        assertEquals(Optional.empty(), assertTimeoutPreemptively(Duration.ofSeconds(10), run::finishedRun));
    }

    @Test
    void aHardLinkInPlaceOfTheResultListIsReplacedNotWrittenThrough() throws IOException {
        AttemptFolder run = ranWith("a.txt");
        Path someoneElses = Files.writeString(stage.resolve("notes.txt"), "someone else's");
        Files.createLink(run.folder().resolve("results.json"), someoneElses);

        run.writeResultUnits(List.of(Path.of("a.txt")));

        assertEquals("someone else's", Files.readString(someoneElses));
        assertEquals(List.of(Path.of("a.txt")), run.finishedRun().orElseThrow());
    }
}
