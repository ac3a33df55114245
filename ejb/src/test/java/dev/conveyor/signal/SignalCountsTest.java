package dev.conveyor.signal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class SignalCountsTest {

    private static SignalCounts notified(String counter, long... deltas) {
        SignalCounts counts = SignalCounts.EMPTY;
        for (long delta : deltas) {
            counts = counts.notify(counter, delta, Map.of());
        }
        return counts;
    }

    @Test
    void notifiesAddUpPerCounterAndInTotal() {
        SignalCounts counts = notified("a", 1, 2).notify("b", 4, Map.of());
        assertEquals(3, counts.count("a"));
        assertEquals(4, counts.count("b"));
        assertEquals(7, counts.count(null));
        assertEquals(7, counts.count(""));
        assertEquals(0, counts.count("unknown"));
    }

    @Test
    void nothingIsReleasedBelowTheTarget() {
        SignalCounts.Release release = notified("default", 1, 1).release(null, 3, 1, 1);
        assertEquals(0, release.released());
        assertEquals(2, release.after().total());
    }

    @Test
    void reachingTheTargetReleasesOneAndDecreasesByTheTarget() {
        SignalCounts.Release release = notified("default", 1, 1, 1, 1).release(null, 3, 1, 5);
        assertEquals(1, release.released());
        assertEquals(1, release.after().total());
        assertEquals(Map.of("default", 4L), release.countersBefore());
    }

    @Test
    void eachTargetReachedReleasesItsShare() {
        SignalCounts.Release release = notified("default", 7).release(null, 3, 2, 10);
        assertEquals(4, release.released(), "two targets reached, two jobs each");
        assertEquals(1, release.after().total());
    }

    @Test
    void releasableCountZeroReleasesEveryWaitingJobOnOneTarget() {
        SignalCounts.Release release = notified("default", 3).release(null, 3, 0, 25);
        assertEquals(25, release.released());
        assertEquals(0, release.after().total());
        assertEquals(0, release.after().releasable());
    }

    @Test
    void unusedReleasesAreKeptForJobsThatComeLater() {
        SignalCounts.Release first = notified("default", 3).release(null, 3, 5, 2);
        assertEquals(2, first.released());
        assertEquals(3, first.after().releasable());
        SignalCounts.Release later = first.after().release(null, 3, 5, 4);
        assertEquals(3, later.released(), "the credit of three, and no new target");
        assertEquals(0, later.after().releasable());
    }

    @Test
    void aNamedCounterCountsAloneAndOnlyItDecreases() {
        SignalCounts counts = notified("pages", 2).notify("other", 10, Map.of());
        assertEquals(0, counts.release("pages", 3, 1, 1).released());
        SignalCounts.Release release = counts.notify("pages", 1, Map.of()).release("pages", 3, 1, 1);
        assertEquals(1, release.released());
        assertEquals(0, release.after().count("pages"));
        assertEquals(10, release.after().count("other"));
    }

    @Test
    void theTotalDecreasesAcrossCountersInNameOrder() {
        SignalCounts counts = notified("a", 2).notify("b", 2, Map.of());
        SignalCounts.Release release = counts.release(null, 3, 1, 1);
        assertEquals(1, release.released());
        assertEquals(0, release.after().count("a"));
        assertEquals(1, release.after().count("b"));
    }

    @Test
    void laterNotifiesReplaceAttributesOfTheSameName() {
        SignalCounts counts = SignalCounts.EMPTY.notify("default", 1, Map.of("customer", "acme", "batch", "1"))
                .notify("default", 1, Map.of("batch", "2"));
        assertEquals(Map.of("customer", "acme", "batch", "2"), counts.attributes());
    }

    @Test
    void aSignalIsSpentWhenNothingIsLeftToReleaseBy() {
        assertTrue(notified("default", 3).release(null, 3, 1, 1).after().isSpent());
        assertFalse(notified("default", 4).release(null, 3, 1, 1).after().isSpent(), "one left over");
        assertFalse(notified("default", 3).release(null, 3, 2, 1).after().isSpent(), "credit for one more job");
    }

    @Test
    void aTargetOfZeroReleasesAtOnce() {
        assertEquals(4, SignalCounts.EMPTY.release(null, 0, 1, 4).released());
    }

    @Test
    void negativeDeltasTakeBack() {
        assertEquals(1, notified("default", 3, -2).total());
    }
}
