package dev.conveyor.operation;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ImageMemoryTest {

    private static final long MIB = 1L << 20;

    @Test
    void reservationsShareTheBudgetAndAWaitingOneGoesOnWhenAnotherIsGivenBack() throws Exception {
        ImageMemory memory = new ImageMemory(4 * MIB, Duration.ofSeconds(30));
        ImageMemory.Reservation first = memory.reserve("first.png", 3 * MIB);

        CompletableFuture<ImageMemory.Reservation> second = CompletableFuture.supplyAsync(() -> {
            try {
                return memory.reserve("second.png", 2 * MIB);
            } catch (IOException | InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        Thread.sleep(200);
        assertFalse(second.isDone(), "the second waits while the first holds 3 of the 4 MiB");

        first.close();
        second.get(5, TimeUnit.SECONDS).close();
    }

    @Test
    void aReservationThatFindsTheMemoryTakenForItsWholePatienceIsRefused() throws Exception {
        ImageMemory memory = new ImageMemory(4 * MIB, Duration.ofMillis(100));
        try (ImageMemory.Reservation taken = memory.reserve("taken.png", 4 * MIB)) {
            IOException busy = assertThrows(IOException.class, () -> memory.reserve("late.png", 1));
            assertTrue(busy.getMessage().contains("stayed taken by other images"), busy.getMessage());
        }
        memory.reserve("later.png", 4 * MIB).close();
    }

    @Test
    void moreThanTheWholeBudgetIsRefusedWithoutWaiting() {
        ImageMemory memory = new ImageMemory(4 * MIB, Duration.ofHours(1));

        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> memory.reserve("huge.png", 4 * MIB + 1));

        assertTrue(error.getMessage().startsWith("'huge.png' needs 5 MiB of memory to convert, more than this node's image memory of 4 MiB"),
                error.getMessage());
    }
}
