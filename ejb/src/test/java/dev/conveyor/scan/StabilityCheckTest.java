package dev.conveyor.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StabilityCheckTest {

    private static final FileTime THEN = FileTime.from(Instant.parse("2024-03-01T10:00:00Z"));
    private static final FileTime LATER = FileTime.from(Instant.parse("2024-03-01T10:00:01Z"));
    /** Far enough ahead that no file is too young for the selection. */
    private static final Instant ANY_AGE = Instant.parse("9999-01-01T00:00:00Z");

    @TempDir
    Path folder;

    /** The scans' clock: each look comes a scan interval after the one before unless a test says otherwise. */
    private final AtomicLong clock = new AtomicLong();
    private final StabilityCheck check = new StabilityCheck(() -> clock.getAndAdd(1000));

    private Path file(String name, String content) throws IOException {
        Path file = Files.writeString(folder.resolve(name), content);
        Files.setLastModifiedTime(file, THEN);
        return file;
    }

    private Path jobFolder(String name, String... files) throws IOException {
        Path jobFolder = Files.createDirectories(folder.resolve(name));
        for (String file : files) {
            Path path = jobFolder.resolve(file);
            Files.createDirectories(path.getParent());
            Files.writeString(path, file);
            Files.setLastModifiedTime(path, THEN);
            Files.setLastModifiedTime(path.getParent(), THEN);
        }
        Files.setLastModifiedTime(jobFolder, THEN);
        return jobFolder;
    }

    /** The scan's selection of these files, looking at each as it picks it (files of the same age come in name order). */
    private StabilityCheck.Selection selecting(Path... files) {
        Set<String> names = Arrays.stream(files).map(file -> file.getFileName().toString()).collect(Collectors.toSet());
        return () -> BatchSelector.oldest(folder, names::contains, files.length, ANY_AGE);
    }

    private List<Path> look(Path... candidates) throws IOException {
        return check.unchangedSinceLastLook(List.of(candidates));
    }

    @Test
    void looksCloserThanTheGapDoNotTakeAFileAndTheFirstLookCountsFromItsOwnTime() throws IOException {
        StabilityCheck eventScans = new StabilityCheck(clock::get);
        Path a = file("a.pdf", "a");

        assertEquals(List.of(), eventScans.unchangedSinceLastLook(List.of(a)));
        clock.addAndGet(StabilityCheck.MINIMUM_GAP_MS - 1);
        assertEquals(List.of(), eventScans.unchangedSinceLastLook(List.of(a)), "too soon after the first look");
        assertEquals(1, eventScans.awaitingSecondLook());
        clock.addAndGet(1);
        assertEquals(List.of(a), eventScans.unchangedSinceLastLook(List.of(a)), "the gap counts from the first look, not the last");
        assertEquals(0, eventScans.awaitingSecondLook());
    }

    @Test
    void theSelectionsLookAtAFileIsTheScansLookAndNoSecondOneIsTaken() throws IOException {
        StabilityCheck timerScans = new StabilityCheck(clock::get);
        // Never written: only the selection's look says what the file is, so a look of the check's own would find nothing.
        Path seenBySelection = folder.resolve("seen.pdf");
        StabilityCheck.Selection selection = () -> List.of(new BatchSelector.Candidate(seenBySelection, 5, 1_000, false));

        assertEquals(List.of(), timerScans.unchangedSoon(selection));
        clock.addAndGet(StabilityCheck.MINIMUM_GAP_MS);
        assertEquals(List.of(seenBySelection), timerScans.unchangedSoon(selection));
    }

    @Test
    void aFirstLookCountsFromTheEndOfItsPassAndASecondFromTheStartOfItsOwn() throws IOException {
        StabilityCheck timerScans = new StabilityCheck(clock::get);
        Path a = file("a.pdf", "a");
        // A selection that takes 40 ms to look at a long listing, a at its end.
        StabilityCheck.Selection slow = () -> {
            clock.addAndGet(40);
            return selecting(a).select();
        };

        assertEquals(List.of(), timerScans.unchangedSoon(slow));
        clock.addAndGet(StabilityCheck.MINIMUM_GAP_MS - 10);
        assertEquals(List.of(), timerScans.unchangedSoon(slow),
                "the passes began 80 ms apart, but the looks at a may have been only 40 ms apart");
        clock.addAndGet(StabilityCheck.MINIMUM_GAP_MS - 40);
        assertEquals(List.of(a), timerScans.unchangedSoon(slow), "at least 50 ms between the end of the first pass and the start of this one");
    }

    @Test
    void aChangeRestartsTheGap() throws IOException {
        StabilityCheck eventScans = new StabilityCheck(clock::get);
        Path a = file("a.pdf", "part one");
        eventScans.unchangedSinceLastLook(List.of(a));

        clock.addAndGet(StabilityCheck.MINIMUM_GAP_MS - 10);
        Files.writeString(a, " and two", StandardOpenOption.APPEND);
        assertEquals(List.of(), eventScans.unchangedSinceLastLook(List.of(a)));
        clock.addAndGet(StabilityCheck.MINIMUM_GAP_MS - 1);
        assertEquals(List.of(), eventScans.unchangedSinceLastLook(List.of(a)), "unchanged only since the write");
        clock.addAndGet(1);
        assertEquals(List.of(a), eventScans.unchangedSinceLastLook(List.of(a)));
    }

    @Test
    void withEventsAFileMovedInNeedsTheShortGapAndOneWrittenInPlaceTheInPlaceGap() throws IOException {
        StabilityCheck watched = new StabilityCheck(clock::get);
        watched.watched(800, () -> false);
        Path movedIn = file("moved.pdf", "whole");
        Path writtenHere = file("written.pdf", "part");
        watched.appeared(List.of(movedIn, writtenHere));
        watched.written(List.of(writtenHere), false);

        watched.unchangedSinceLastLook(List.of(movedIn, writtenHere));
        clock.addAndGet(StabilityCheck.MINIMUM_GAP_MS);
        assertEquals(List.of(movedIn), watched.unchangedSinceLastLook(List.of(movedIn, writtenHere)),
                "a writer may be pausing between two writes");
        clock.addAndGet(800 - StabilityCheck.MINIMUM_GAP_MS);
        assertEquals(List.of(movedIn, writtenHere), watched.unchangedSinceLastLook(List.of(movedIn, writtenHere)));
    }

    @Test
    void withEventsEmptyFilesJobFoldersAndEverythingAfterLostEventsNeedTheInPlaceGap() throws IOException {
        StabilityCheck watched = new StabilityCheck(clock::get);
        watched.watched(800, () -> false);
        Path empty = file("empty.txt", "");
        Path batch = jobFolder("batch", "x.xml");
        Path whole = file("whole.pdf", "whole");
        watched.appeared(List.of(empty, batch, whole));

        watched.unchangedSinceLastLook(List.of(empty, batch, whole));
        clock.addAndGet(StabilityCheck.MINIMUM_GAP_MS);
        assertEquals(List.of(whole), watched.unchangedSinceLastLook(List.of(empty, batch, whole)));

        Path afterLoss = file("after-loss.pdf", "bytes");
        watched.appeared(List.of(afterLoss));
        watched.written(List.of(), true);
        watched.unchangedSinceLastLook(List.of(afterLoss));
        clock.addAndGet(StabilityCheck.MINIMUM_GAP_MS);
        assertEquals(List.of(), watched.unchangedSinceLastLook(List.of(afterLoss)), "events were lost: nothing is known whole");
        clock.addAndGet(800);
        assertEquals(List.of(afterLoss), watched.unchangedSinceLastLook(List.of(afterLoss)));
    }

    @Test
    void aJobFolderIsLookedIntoOnlyOnceItsGapHasPassedAsByTimerScansAGapApart() throws IOException {
        StabilityCheck watched = new StabilityCheck(clock::get);
        watched.watched(800, () -> false);
        Path batch = jobFolder("batch", "x.xml");
        watched.unchangedSinceLastLook(List.of(batch));

        clock.addAndGet(400);
        Path passing = Files.writeString(batch.resolve("passing.xml"), "there for a moment");
        assertEquals(List.of(), watched.unchangedSinceLastLook(List.of(batch)));
        Files.delete(passing);
        Files.setLastModifiedTime(batch, THEN);
        clock.addAndGet(400);

        assertEquals(List.of(batch), watched.unchangedSinceLastLook(List.of(batch)),
                "the scan within the gap did not walk the folder: the looks a gap apart saw the same");
    }

    @Test
    void aChangeInAJobFolderDuringItsGapIsSeenWhenTheGapHasPassedAndStartsItAgain() throws IOException {
        StabilityCheck watched = new StabilityCheck(clock::get);
        watched.watched(800, () -> false);
        Path batch = jobFolder("batch", "x.xml");
        watched.unchangedSinceLastLook(List.of(batch));

        clock.addAndGet(400);
        Files.writeString(batch.resolve("y.xml"), "still coming");
        assertEquals(List.of(), watched.unchangedSinceLastLook(List.of(batch)));
        clock.addAndGet(400);
        assertEquals(List.of(), watched.unchangedSinceLastLook(List.of(batch)), "not what the first look saw");
        clock.addAndGet(799);
        assertEquals(List.of(), watched.unchangedSinceLastLook(List.of(batch)), "unchanged only since the look that saw the change");
        clock.addAndGet(1);
        assertEquals(List.of(batch), watched.unchangedSinceLastLook(List.of(batch)));
    }

    @Test
    void theNextLookIsDueWhenTheFirstWaitingCandidateMayBeTaken() throws IOException {
        StabilityCheck watched = new StabilityCheck(clock::get);
        watched.watched(800, () -> false);
        Path batch = jobFolder("batch", "x.xml");
        Path movedIn = file("moved.pdf", "whole");
        assertEquals(Long.MAX_VALUE, watched.millisUntilSecondLookDue(), "nothing waits");

        watched.unchangedSinceLastLook(List.of(batch));
        clock.addAndGet(300);
        assertEquals(500, watched.millisUntilSecondLookDue(), "a job folder waits the in-place gap");

        watched.appeared(List.of(movedIn));
        watched.unchangedSinceLastLook(List.of(batch, movedIn));
        assertEquals(StabilityCheck.CAUGHT_UP_GAP_MS, watched.millisUntilSecondLookDue(), "a file known whole, the short gap");

        clock.addAndGet(500);
        assertEquals(List.of(batch, movedIn), watched.unchangedSinceLastLook(List.of(batch, movedIn)));
        assertEquals(Long.MAX_VALUE, watched.millisUntilSecondLookDue());
    }

    @Test
    void aFileKnownWholeIsTakenAfterTheShortGapOnceTheWatchHasCaughtUp() throws IOException {
        StabilityCheck watched = new StabilityCheck(clock::get);
        AtomicInteger asked = new AtomicInteger();
        boolean[] caughtUp = {true};
        watched.watched(800, () -> {
            asked.incrementAndGet();
            return caughtUp[0];
        });
        Path older = file("older.pdf", "whole");
        Path newer = file("newer.pdf", "whole too");
        watched.appeared(List.of(older, newer));

        assertEquals(List.of(), watched.unchangedSinceLastLook(List.of(older, newer)));
        assertEquals(0, asked.get(), "a first look asks nothing of the watch");
        clock.addAndGet(StabilityCheck.CAUGHT_UP_GAP_MS - 1);
        assertEquals(List.of(), watched.unchangedSinceLastLook(List.of(older, newer)), "a write may still be under way");
        assertEquals(0, asked.get());
        clock.addAndGet(1);
        caughtUp[0] = false;
        assertEquals(List.of(), watched.unchangedSinceLastLook(List.of(older, newer)), "not caught up: the long gap applies");
        caughtUp[0] = true;
        assertEquals(List.of(older, newer), watched.unchangedSinceLastLook(List.of(older, newer)), "oldest first, as listed");
        assertEquals(2, asked.get(), "asked once a look");
    }

    @Test
    void aWriteTheWatchReportsWhileCatchingUpKeepsItsFileForTheInPlaceGap() throws IOException {
        StabilityCheck watched = new StabilityCheck(clock::get);
        Path movedIn = file("moved.pdf", "whole");
        Path beingWritten = file("written.pdf", "part one");
        watched.appeared(List.of(movedIn, beingWritten));
        watched.watched(800, () -> {
            // The event of a write that happened before the look arrives only now.
            watched.written(List.of(beingWritten), false);
            return true;
        });

        watched.unchangedSinceLastLook(List.of(movedIn, beingWritten));
        clock.addAndGet(StabilityCheck.CAUGHT_UP_GAP_MS);
        assertEquals(List.of(movedIn), watched.unchangedSinceLastLook(List.of(movedIn, beingWritten)));
        clock.addAndGet(StabilityCheck.MINIMUM_GAP_MS);
        assertEquals(List.of(movedIn), watched.unchangedSinceLastLook(List.of(movedIn, beingWritten)), "written in place: 800 ms");
    }

    @Test
    void aFileMovedIntoAnIdleFolderIsTakenByOneScanWithItsSecondLookAfterTheShortGap() throws IOException {
        List<Long> pauses = new ArrayList<>();
        StabilityCheck watched = new StabilityCheck(clock::get, millis -> {
            pauses.add(millis);
            clock.addAndGet(millis);
        });
        watched.watched(800, () -> true);
        Path movedIn = file("moved.pdf", "whole");
        watched.appeared(List.of(movedIn));

        assertEquals(List.of(movedIn), watched.unchangedSoon(selecting(movedIn)));
        assertEquals(List.of(StabilityCheck.CAUGHT_UP_GAP_MS), pauses);

        Path beingWritten = file("written.pdf", "part one");
        watched.appeared(List.of(beingWritten));
        watched.written(List.of(beingWritten), false);
        assertEquals(List.of(), watched.unchangedSoon(selecting(beingWritten)));
        assertEquals(1, pauses.size(), "no pause for a file written in place: its gap is most of a scan interval");
    }

    @Test
    void aScanThatTakesFilesOrHasNoEventsDoesNotPause() throws IOException {
        List<Long> pauses = new ArrayList<>();
        StabilityCheck timerScans = new StabilityCheck(clock::get, millis -> pauses.add(millis));
        Path a = file("a.pdf", "a");
        assertEquals(List.of(), timerScans.unchangedSoon(selecting(a)));
        assertEquals(List.of(), pauses, "without events nothing is known whole: the next scan looks again");

        StabilityCheck watched = new StabilityCheck(clock::get, millis -> pauses.add(millis));
        watched.watched(800, () -> true);
        Path old = file("old.pdf", "old");
        watched.appeared(List.of(old));
        watched.unchangedSinceLastLook(List.of(old));
        clock.addAndGet(StabilityCheck.MINIMUM_GAP_MS);
        Path fresh = file("fresh.pdf", "fresh");
        watched.appeared(List.of(fresh));
        assertEquals(List.of(old), watched.unchangedSoon(selecting(old, fresh)));
        assertEquals(List.of(), pauses, "a scan that takes something leaves the rest to the next scan");
    }

    @Test
    void aFileWhoseArrivalTheEventsDidNotShowNeedsTheInPlaceGap() throws IOException {
        StabilityCheck watched = new StabilityCheck(clock::get, millis -> clock.addAndGet(millis));
        // Written before the watch began, its writer pausing now: no event tells that it is whole.
        Path before = file("before-the-watch.pdf", "first half");
        watched.watched(800, () -> true);
        Path movedIn = file("moved.pdf", "whole");
        watched.appeared(List.of(movedIn));

        assertEquals(List.of(movedIn), watched.unchangedSoon(selecting(before, movedIn)));
        clock.addAndGet(StabilityCheck.MINIMUM_GAP_MS);
        assertEquals(List.of(), watched.unchangedSinceLastLook(List.of(before)), "a writer may be pausing");
        clock.addAndGet(800);
        assertEquals(List.of(before), watched.unchangedSinceLastLook(List.of(before)), "still a scan interval later: taken");
    }

    @Test
    void anArrivalIsForgottenOnceItsFileLeftTheCandidatesOrAfterAMinute() throws IOException {
        StabilityCheck watched = new StabilityCheck(clock::get);
        watched.watched(800, () -> true);
        Path claimed = file("claimed.pdf", "whole");
        Path waiting = file("waiting.pdf", "whole");
        watched.appeared(List.of(claimed, waiting));

        watched.unchangedSinceLastLook(List.of(claimed));
        clock.addAndGet(StabilityCheck.CAUGHT_UP_GAP_MS);
        assertEquals(List.of(claimed), watched.unchangedSinceLastLook(List.of(claimed)));
        watched.unchangedSinceLastLook(List.of());
        // The same name moved in again without an event reaching us (a lost event) is a stranger.
        watched.unchangedSinceLastLook(List.of(claimed));
        clock.addAndGet(StabilityCheck.MINIMUM_GAP_MS);
        assertEquals(List.of(), watched.unchangedSinceLastLook(List.of(claimed)), "its old arrival was forgotten");

        clock.addAndGet(StabilityCheck.ARRIVAL_REMEMBERED_MS + 1);
        watched.unchangedSinceLastLook(List.of(waiting));
        clock.addAndGet(StabilityCheck.MINIMUM_GAP_MS);
        assertEquals(List.of(), watched.unchangedSinceLastLook(List.of(waiting)), "an arrival older than a minute no longer counts");
    }

    @Test
    void withoutEventsCatchingUpIsNeverAsked() throws IOException {
        StabilityCheck timerScans = new StabilityCheck(clock::get);
        Path a = file("a.pdf", "a");

        timerScans.unchangedSinceLastLook(List.of(a));
        clock.addAndGet(StabilityCheck.CAUGHT_UP_GAP_MS);
        assertEquals(List.of(), timerScans.unchangedSinceLastLook(List.of(a)), "no watch, no proof: the gap is the whole rule");
    }

    @Test
    void firstLookIsNeverStable() throws IOException {
        Path a = file("a.pdf", "a");
        Path batch = jobFolder("batch", "x.xml");

        assertEquals(List.of(), look(a, batch));
    }

    @Test
    void unchangedSecondLookIsStableAndStaysSo() throws IOException {
        Path a = file("a.pdf", "a");
        Path batch = jobFolder("batch", "x.xml", "sub/y.xml");

        look(a, batch);

        assertEquals(List.of(a, batch), look(a, batch));
        assertEquals(List.of(a, batch), look(a, batch));
    }

    @Test
    void fileGrowingBetweenLooksIsNotStableUntilItStops() throws IOException {
        Path a = file("a.pdf", "part one");
        Path b = file("b.pdf", "done");
        look(a, b);

        Files.writeString(a, " and two", StandardOpenOption.APPEND);
        Files.setLastModifiedTime(a, THEN); // the size alone tells

        assertEquals(List.of(b), look(a, b));
        assertEquals(List.of(a, b), look(a, b));
    }

    @Test
    void fileTouchedBetweenLooksIsNotStable() throws IOException {
        Path a = file("a.pdf", "same size");
        look(a);

        Files.setLastModifiedTime(a, LATER);

        assertEquals(List.of(), look(a));
    }

    @Test
    void folderGainingAFileIsNotStable() throws IOException {
        Path batch = jobFolder("batch", "1.xml");
        look(batch);

        Files.writeString(batch.resolve("2.xml"), "");
        Files.setLastModifiedTime(batch.resolve("2.xml"), THEN);
        Files.setLastModifiedTime(batch, THEN); // the entry count alone tells

        assertEquals(List.of(), look(batch));
        assertEquals(List.of(batch), look(batch));
    }

    @Test
    void fileGrowingDeepInAFolderMakesTheFolderUnstable() throws IOException {
        Path batch = jobFolder("batch", "sub/deeper/1.xml");
        look(batch);

        Path deep = batch.resolve("sub/deeper/1.xml");
        Files.writeString(deep, "more", StandardOpenOption.APPEND);
        Files.setLastModifiedTime(deep, THEN);

        assertEquals(List.of(), look(batch));
    }

    @Test
    void fileTouchedDeepInAFolderMakesTheFolderUnstable() throws IOException {
        Path batch = jobFolder("batch", "sub/1.xml");
        look(batch);

        Files.setLastModifiedTime(batch.resolve("sub/1.xml"), LATER);

        assertEquals(List.of(), look(batch));
    }

    @Test
    void vanishedCandidateIsSkippedAndForgotten() throws IOException {
        Path a = file("a.pdf", "a");
        Path b = file("b.pdf", "b");
        look(a, b);

        Files.delete(b);
        assertEquals(List.of(a), look(a, b));

        file("b.pdf", "b");
        assertEquals(List.of(a), look(a, b));
        assertEquals(List.of(a, b), look(a, b));
    }

    @Test
    void onlyTheLastLookIsRemembered() throws IOException {
        Path a = file("a.pdf", "a");
        Path b = file("b.pdf", "b");
        look(a);
        look(b);

        assertEquals(List.of(), look(a));
    }

    @Test
    void resultsKeepTheCandidatesOrder() throws IOException {
        Path a = file("a.pdf", "a");
        Path b = file("b.pdf", "b");
        look(b, a);

        assertEquals(List.of(b, a), look(b, a));
    }
}
