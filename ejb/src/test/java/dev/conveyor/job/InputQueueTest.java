package dev.conveyor.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class InputQueueTest {

    @Test
    void freeSizeIsWhatIsLeftOfTheMaximumAndNeverNegative() {
        assertEquals(10_000, new InputQueue(10_000, 20, 0).freeQueueSize());
        assertEquals(1, new InputQueue(10_000, 20, 9_999).freeQueueSize());
        assertEquals(0, new InputQueue(10, 20, 12).freeQueueSize(), "a maximum lowered below the queue leaves it full");
        assertTrue(new InputQueue(10, 20, 10).isFull());
        assertFalse(new InputQueue(10, 20, 9).isFull());
    }

    @ParameterizedTest(name = "max {0}, threshold {1}%, queued {2}: at or below = {3}")
    @CsvSource({
            "10000, 20, 7999, false",
            "10000, 20, 8000, true",
            "10000, 20, 10000, true",
            "10, 20, 7, false",
            "10, 20, 8, true",
            "10, 0, 9, false",
            "10, 0, 10, true",
            "10, 100, 0, true",
            "3, 20, 2, false",
            "3, 20, 3, true"})
    void thresholdIsTheSeedsFreeSizeAtOrBelowThePercentage(int max, int threshold, int queued, boolean atOrBelow) {
        assertEquals(atOrBelow, new InputQueue(max, threshold, queued).atOrBelowThreshold());
    }

    @Test
    void roomIsWhatFitsOfWhatIsWanted() {
        InputQueue queue = new InputQueue(10, 20, 7);
        assertEquals(2, queue.room(2));
        assertEquals(3, queue.room(50));
        assertEquals(0, queue.plus(3).room(5));
        assertEquals(10, queue.plus(3).queuedJobs());
    }
}
