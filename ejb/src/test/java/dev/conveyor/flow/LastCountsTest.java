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
        InputQueue seen = new InputQueue(10_000, 20, 9_900);
        counts.counted("a", seen);
        assertEquals(Optional.of(seen), counts.withRoomFor("a", 100), "100 free: a batch of 100 fits");
        assertTrue(counts.withRoomFor("b", 100).isEmpty(), "another endpoint's count says nothing of this one");
    }

    @Test
    void aLastCountWithLessRoomThanTheBatchIsCountedAgain() {
        counts.counted("a", new InputQueue(10_000, 20, 9_901));
        assertTrue(counts.withRoomFor("a", 100).isEmpty(), "99 free when it was counted: it may have drained since, so count");
        counts.counted("a", new InputQueue(10_000, 20, 10_000));
        assertTrue(counts.withRoomFor("a", 1).isEmpty(), "full when counted");
    }

    @Test
    void theNewestCountIsTheOneThatCounts() {
        counts.counted("a", new InputQueue(10_000, 20, 10_000));
        InputQueue drained = new InputQueue(10_000, 20, 0);
        counts.counted("a", drained);
        assertEquals(Optional.of(drained), counts.withRoomFor("a", 1_000));
    }
}
