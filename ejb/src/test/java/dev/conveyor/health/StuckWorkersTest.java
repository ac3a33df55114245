package dev.conveyor.health;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class StuckWorkersTest {

    private static final Instant NOW = Instant.parse("2026-01-01T12:00:00Z");
    private final StuckWorkers rule = new StuckWorkers(2, Duration.ofMinutes(30));

    @Test
    void idleWorkersAreNotStuck() {
        assertFalse(rule.allStuck(List.of(), NOW));
    }

    @Test
    void oneWorkerPastItsLimitLeavesTheOtherWorking() {
        List<Instant> running = List.of(NOW.minus(Duration.ofMinutes(31)), NOW.minus(Duration.ofMinutes(29)));
        assertEquals(1, rule.stuck(running, NOW));
        assertFalse(rule.allStuck(running, NOW));
    }

    @Test
    void everyWorkerPastItsLimitIsAllStuck() {
        List<Instant> running = List.of(NOW.minus(Duration.ofMinutes(31)), NOW.minus(Duration.ofHours(2)));
        assertTrue(rule.allStuck(running, NOW));
    }
}
