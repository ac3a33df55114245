package dev.conveyor.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The remembered oldest entries: an event scan picks from them and from the arrivals the events
 * told, a timer scan (and any scan the memory cannot answer) passes over the whole folder. A file
 * put into the folder without telling is how a test sees whether a scan passed over the folder.
 */
class OldestWaitingTest {

    private static final Instant BASE = Instant.parse("2024-03-01T10:00:00Z");
    private static final Predicate<String> ALL = name -> true;
    private static final Instant ANY_AGE = Instant.parse("9999-01-01T00:00:00Z");
    private static final boolean EVENT_SCAN = false;
    private static final boolean TIMER_SCAN = true;

    @TempDir
    Path folder;

    private final OldestWaiting waiting = new OldestWaiting();

    private Path file(String name, int secondsAfterBase) throws IOException {
        Path file = Files.writeString(folder.resolve(name), name);
        Files.setLastModifiedTime(file, FileTime.from(BASE.plusSeconds(secondsAfterBase)));
        return file;
    }

    private List<String> oldest(int limit, boolean timer) throws IOException {
        return oldest(limit, ANY_AGE, timer);
    }

    private List<String> oldest(int limit, Instant changedNoLaterThan, boolean timer) throws IOException {
        return waiting.oldest(folder, ALL, limit, limit, changedNoLaterThan, timer).stream()
                .map(candidate -> candidate.path().getFileName().toString()).toList();
    }

    private void claim(String... names) throws IOException {
        for (String name : names) {
            Files.delete(folder.resolve(name));
        }
        waiting.taken(Set.of(names).stream().map(folder::resolve).toList());
    }

    @Test
    void theFirstScanPassesOverTheFolderAndPicksAsTheSelectionDoes() throws IOException {
        file("c", 30);
        file("a", 10);
        file("b", 20);
        assertEquals(List.of("a", "b"), oldest(2, EVENT_SCAN));
    }

    @Test
    void anEventScanPicksFromWhatThePassAndTheArrivalsTold() throws IOException {
        file("a", 10);
        file("b", 20);
        file("c", 30);
        assertEquals(List.of("a", "b"), oldest(2, EVENT_SCAN));
        claim("a");
        file("unannounced", 5);
        Path arrived = file("arrived", 15);
        waiting.arrived(List.of(arrived));
        assertEquals(List.of("arrived", "b"), oldest(2, EVENT_SCAN), "the arrival in its place by age; no pass, so no unannounced file");
        assertEquals(List.of("unannounced", "arrived"), oldest(2, TIMER_SCAN), "a timer scan passes over the folder");
    }

    @Test
    void aPickIsLookedAtAgainSoWhatIsGoneDropsOutAndWhatChangedShowsItsNewLook() throws IOException {
        file("a", 10);
        file("b", 20);
        file("c", 30);
        file("d", 40);
        assertEquals(List.of("a", "b"), oldest(2, EVENT_SCAN));
        Files.delete(folder.resolve("a"));
        Files.writeString(folder.resolve("b"), "longer now");
        Files.setLastModifiedTime(folder.resolve("b"), FileTime.from(BASE.plusSeconds(35)));
        List<BatchSelector.Candidate> picked = waiting.oldest(folder, ALL, 2, 2, ANY_AGE, EVENT_SCAN);
        assertEquals(List.of(folder.resolve("b")), picked.stream().map(BatchSelector.Candidate::path).toList(),
                "a gone; b picked as remembered, looked at again");
        assertEquals(10, picked.get(0).size());
        assertEquals(BASE.plusSeconds(35).toEpochMilli(), picked.get(0).modified());
        assertEquals(List.of("c", "b"), oldest(2, EVENT_SCAN), "b remembered at its new age");
    }

    @Test
    void lostEventsMakeTheNextScanPassOverTheFolder() throws IOException {
        file("a", 10);
        assertEquals(List.of("a"), oldest(2, EVENT_SCAN));
        file("unannounced", 5);
        waiting.eventsLost();
        assertEquals(List.of("unannounced", "a"), oldest(2, EVENT_SCAN));
    }

    @Test
    void moreArrivalsThanRememberedMakeTheNextScanPassOverTheFolder() throws IOException {
        file("a", 10);
        assertEquals(List.of("a"), oldest(1, EVENT_SCAN));
        file("unannounced", 5);
        for (int i = 0; i <= OldestWaiting.SCANS_KEPT; i++) {
            waiting.arrived(List.of(folder.resolve("arrival-" + i)));
        }
        assertEquals(List.of("unannounced"), oldest(1, EVENT_SCAN));
    }

    @Test
    void aPassKeepsSomeScansWorthAndPassesAgainWhenTheyAreUsedUp() throws IOException {
        int files = OldestWaiting.SCANS_KEPT + 2;
        for (int i = 0; i < files; i++) {
            file("f" + i, 10 + i);
        }
        for (int i = 0; i < OldestWaiting.SCANS_KEPT; i++) {
            assertEquals(List.of("f" + i), oldest(1, EVENT_SCAN));
            claim("f" + i);
        }
        file("unannounced", 5);
        assertEquals(List.of("unannounced"), oldest(1, EVENT_SCAN),
                "the kept ones used up, and the pass had left newer ones out: a pass again");
    }

    /** A full queue frees a few places at a time: scans with that little room still pick from what a pass kept for a batch. */
    @Test
    void aPassKeepsWhatTheLargestScanWouldAskForNotWhatThisOneAsks() throws IOException {
        int mostAsked = 3;
        for (int i = 0; i < OldestWaiting.SCANS_KEPT * mostAsked; i++) {
            file("f" + i, 10 + i);
        }
        file("newer", 1_000);
        assertEquals(List.of("f0"), names(waiting.oldest(folder, ALL, 1, mostAsked, ANY_AGE, EVENT_SCAN)));
        claim("f0");
        file("unannounced", 5);
        for (int i = 1; i < OldestWaiting.SCANS_KEPT * mostAsked; i++) {
            assertEquals(List.of("f" + i), names(waiting.oldest(folder, ALL, 1, mostAsked, ANY_AGE, EVENT_SCAN)),
                    "no pass while what the first one kept lasts");
            claim("f" + i);
        }
        assertEquals(List.of("unannounced"), names(waiting.oldest(folder, ALL, 1, mostAsked, ANY_AGE, EVENT_SCAN)),
                "used up: a pass again");
    }

    private static List<String> names(List<BatchSelector.Candidate> candidates) {
        return candidates.stream().map(candidate -> candidate.path().getFileName().toString()).toList();
    }

    @Test
    void aTimerScanDrainingABacklogLargerThanMemoryPicksFromItAndTheRefillFindsWhatEventsMissed() throws IOException {
        for (int i = 0; i < OldestWaiting.SCANS_KEPT + 2; i++) {
            file("f" + i, 10 + i);
        }
        assertEquals(List.of("f0"), oldest(1, TIMER_SCAN));
        claim("f0");
        file("unannounced", 5);
        for (int i = 1; i < OldestWaiting.SCANS_KEPT; i++) {
            assertEquals(List.of("f" + i), oldest(1, TIMER_SCAN), "no pass at every tick while the kept ones last");
            claim("f" + i);
        }
        assertEquals(List.of("unannounced"), oldest(1, TIMER_SCAN), "the pass that refills the memory finds it");
    }

    @Test
    void aPassThatKeptEverythingIsTheWholeTruthUntilEventsSayOtherwise() throws IOException {
        file("a", 10);
        file("b", 20);
        assertEquals(List.of("a"), oldest(1, EVENT_SCAN));
        claim("a");
        assertEquals(List.of("b"), oldest(1, EVENT_SCAN));
        claim("b");
        file("unannounced", 5);
        assertEquals(List.of(), oldest(1, EVENT_SCAN), "nothing left of a pass that saw the whole folder, nothing arrived");
        waiting.arrived(List.of(folder.resolve("unannounced")));
        assertEquals(List.of("unannounced"), oldest(1, EVENT_SCAN));
    }

    @Test
    void entriesTooYoungAtThePassArePickedOnceOldEnough() throws IOException {
        file("old", 10);
        file("young", 100);
        assertEquals(List.of("old"), oldest(5, BASE.plusSeconds(50), EVENT_SCAN));
        claim("old");
        file("unannounced", 5);
        assertEquals(List.of("young"), oldest(5, BASE.plusSeconds(150), EVENT_SCAN), "remembered, though too young then");
    }

    @Test
    void arrivalsNotEligibleOrNoFileOrFolderAreNotPicked() throws IOException {
        Path kept = file("kept.pdf", 10);
        waiting.oldest(folder, name -> name.endsWith(".pdf"), 5, 5, ANY_AGE, EVENT_SCAN);
        Path excluded = file("excluded.txt", 5);
        Path link = Files.createSymbolicLink(folder.resolve("link.pdf"), kept);
        Path vanished = folder.resolve("vanished.pdf");
        waiting.arrived(List.of(excluded, link, vanished));
        assertEquals(List.of(kept), waiting.oldest(folder, name -> name.endsWith(".pdf"), 5, 5, ANY_AGE, EVENT_SCAN).stream()
                .map(BatchSelector.Candidate::path).toList());
    }
}
