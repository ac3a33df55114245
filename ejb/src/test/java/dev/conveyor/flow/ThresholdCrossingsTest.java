package dev.conveyor.flow;

import dev.conveyor.job.InputQueue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ThresholdCrossingsTest {

    private final ThresholdCrossings crossings = new ThresholdCrossings();

    /** Fills a queue of 10 (threshold 20%) job by job, as accepted jobs come; counts the warnings. */
    private int warningsWhileFilling(String queue, int from, int to) {
        int warnings = 0;
        for (int queued = from; queued <= to; queued++) {
            warnings += crossings.crossedNow(queue, new InputQueue(10, 20, queued)) ? 1 : 0;
        }
        return warnings;
    }

    @Test
    void oneWarningPerCrossingNotPerJob() {
        assertEquals(1, warningsWhileFilling("a", 0, 10), "queued 8, 9 and 10 are all at or below 20% free: one warning");
        assertTrue(crossings.isAtOrBelow("a"));
        assertEquals(0, warningsWhileFilling("a", 8, 10), "still below: no new warning");
    }

    @Test
    void drainingAboveTheThresholdArmsTheNextWarning() {
        assertEquals(1, warningsWhileFilling("a", 0, 9));
        assertFalse(crossings.crossedNow("a", new InputQueue(10, 20, 5)), "drained: no warning, re-armed");
        assertFalse(crossings.isAtOrBelow("a"));
        assertEquals(1, warningsWhileFilling("a", 6, 10), "the second crossing warns again");
    }

    @Test
    void queuesCrossSeparately() {
        assertEquals(1, warningsWhileFilling("a", 0, 10));
        assertEquals(1, warningsWhileFilling("b", 0, 10));
    }
}
