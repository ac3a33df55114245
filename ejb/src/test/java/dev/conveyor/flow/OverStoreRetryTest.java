package dev.conveyor.flow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class OverStoreRetryTest {

    private static final Overflow FULL = new Overflow("b", "endpoint 'b' is full");

    private final List<Long> sleeps = new ArrayList<>();
    private final List<Integer> warnings = new ArrayList<>();

    /** Overflows for the first {@code times} looks, then has room. */
    private static Supplier<Optional<Overflow>> overflowing(int times) {
        Iterator<Integer> looks = IntStream.iterate(0, i -> i + 1).iterator();
        return () -> looks.next() < times ? Optional.of(FULL) : Optional.empty();
    }

    private Optional<Overflow> await(long sleep, int retries, int overflowingLooks) {
        return new OverStoreRetry(sleep, retries, sleeps::add).awaitRoom(overflowing(overflowingLooks),
                (overflow, retry) -> warnings.add(retry));
    }

    @Test
    void roomAtOnceNeitherSleepsNorWarns() {
        assertTrue(await(100, 3, 0).isEmpty());
        assertEquals(List.of(), sleeps);
        assertEquals(List.of(), warnings);
    }

    @Test
    void roomAfterTwoSleepsStoresWithoutBlocking() {
        assertTrue(await(100, 3, 2).isEmpty());
        assertEquals(List.of(100L, 100L), sleeps);
        assertEquals(List.of(1, 2), warnings, "one warning per sleep, numbered by retry");
    }

    @Test
    void overflowAfterTheLastRetryBlocks() {
        assertEquals(Optional.of(FULL), await(250, 3, 10));
        assertEquals(List.of(250L, 250L, 250L), sleeps);
        assertEquals(List.of(1, 2, 3), warnings);
    }

    @Test
    void zeroRetriesBlocksAtOnce() {
        assertEquals(Optional.of(FULL), await(250, 0, 10));
        assertEquals(List.of(), sleeps);
    }

    @Test
    void anInterruptedSleepGivesUpAndKeepsTheInterrupt() {
        Optional<Overflow> result = new OverStoreRetry(100, 5, millis -> {
            throw new InterruptedException();
        }).awaitRoom(overflowing(10), (overflow, retry) -> warnings.add(retry));
        assertEquals(Optional.of(FULL), result);
        assertTrue(Thread.interrupted());
        assertEquals(List.of(1), warnings);
    }
}
