package dev.conveyor.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class JobCountLimitTest {

    @Test
    void withoutThrottleAScanTakesAFullBatchAndDoesNotCountJobsInProgress() {
        AtomicInteger counted = new AtomicInteger();
        assertEquals(4, JobCountLimit.room(4, false, () -> counted.incrementAndGet() * 100));
        assertEquals(0, counted.get(), "the database is not asked when nothing is throttled");
    }

    @Test
    void withThrottleJobsInProgressReduceTheBatchAsTheManualDescribes() {
        assertEquals(4, JobCountLimit.room(4, true, () -> 0));
        assertEquals(3, JobCountLimit.room(4, true, () -> 1));
        assertEquals(1, JobCountLimit.room(4, true, () -> 3), "batch size 4 with 3 jobs stuck takes one");
    }

    @Test
    void withThrottleAFullEndpointTakesNothingAndNeverANegativeCount() {
        assertEquals(0, JobCountLimit.room(4, true, () -> 4));
        assertEquals(0, JobCountLimit.room(4, true, () -> 9));
    }
}
