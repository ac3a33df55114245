package dev.conveyor.flow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.job.InputQueue;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LastCountsTest {

    private final LastCounts counts = new LastCounts();

    @Test
    void aQueueNeverCountedIsCounted() {
        assertTrue(counts.withRoomFor("a", 100).isEmpty());
    }

    @Test
    void aLastCountWithRoomForTheWholeBatchStandsForANewCount() {
        InputQueue seen = new InputQueue(10_000, 20, 7_000);
        counts.counted("a", seen);
        assertEquals(Optional.of(seen), counts.withRoomFor("a", 100), "3,000 free, above the threshold's 2,000: a batch of 100 fits");
        assertTrue(counts.withRoomFor("b", 100).isEmpty(), "another endpoint's count says nothing of this one");
    }

    @Test
    void aLastCountWithLessRoomThanTheBatchIsCountedAgain() {
        counts.counted("a", new InputQueue(10_000, 0, 9_901));
        assertTrue(counts.withRoomFor("a", 100).isEmpty(), "99 free when it was counted: it may have drained since, so count");
        counts.counted("a", new InputQueue(10_000, 20, 10_000));
        assertTrue(counts.withRoomFor("a", 1).isEmpty(), "full when counted");
    }

    @Test
    void aLastCountAtOrBelowItsThresholdIsCountedAgainWhateverItsRoom() {
        counts.counted("a", new InputQueue(10_000, 20, 8_000));
        assertTrue(counts.withRoomFor("a", 1_000).isEmpty(),
                "2,000 free, the threshold: only a new count sees the queue drain above it, and a scan that claims nothing counts nothing");
        InputQueue above = new InputQueue(10_000, 20, 7_999);
        counts.counted("a", above);
        assertEquals(Optional.of(above), counts.withRoomFor("a", 1_000), "2,001 free: above the threshold, with room for the batch");
    }

    @Test
    void theNewestCountIsTheOneThatCounts() {
        counts.counted("a", new InputQueue(10_000, 20, 10_000));
        InputQueue drained = new InputQueue(10_000, 20, 0);
        counts.counted("a", drained);
        assertEquals(Optional.of(drained), counts.withRoomFor("a", 1_000));
    }
}
