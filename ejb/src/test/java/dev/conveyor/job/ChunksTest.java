package dev.conveyor.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ChunksTest {

    @Test
    void quickJobsGoManyToAMessage() {
        assertEquals(125, Chunks.size(Duration.ofMillis(2), 1000, 4));
    }

    @Test
    void aChunkHoldsAboutOneTurnOfWork() {
        assertEquals(10, Chunks.size(Duration.ofMillis(50), 1000, 4));
    }

    @Test
    void slowJobsGoOneToAMessage() {
        assertEquals(1, Chunks.size(Duration.ofSeconds(3), 1000, 4));
    }

    @Test
    void aSmallBatchIsSpreadOverTheWorkers() {
        assertEquals(2, Chunks.size(Duration.ofMillis(1), 16, 4));
        assertEquals(1, Chunks.size(Duration.ofMillis(1), 3, 4));
    }

    @Test
    void noChunkIsLargerThanTheCeiling() {
        assertEquals(Chunks.MAX_CHUNK, Chunks.size(Duration.ofNanos(1), 100_000, 4));
    }

    @Test
    void unknownJobTimesGiveSmallChunks() {
        assertEquals(Chunks.UNKNOWN_TIME_CHUNK, Chunks.size(null, 1000, 4));
    }

    @Test
    void onlyJobsKnownToBeShortAreRunQuickly() {
        assertTrue(Chunks.isQuick(Duration.ofNanos(300_000)));
        assertTrue(Chunks.isQuick(Chunks.QUICK_JOB));
        assertFalse(Chunks.isQuick(Chunks.QUICK_JOB.plusNanos(1)), "a job longer than the bound");
        assertFalse(Chunks.isQuick(null), "an endpoint none of whose jobs ran here yet");
    }

    @Test
    void chunksKeepTheOrderAndLoseNothing() {
        List<String> ids = IntStream.range(0, 7).mapToObj(Integer::toString).toList();
        assertEquals(List.of(List.of("0", "1", "2"), List.of("3", "4", "5"), List.of("6")), Chunks.of(ids, 3));
    }
}
