package dev.conveyor.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.testing.MovableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LoginThrottleTest {

    private final MovableClock clock = new MovableClock(Instant.parse("2026-11-30T12:00:00Z"));
    private final LoginThrottle throttle = new LoginThrottle(5, Duration.ofMinutes(1), clock);

    @Test
    void aClientMayFailAFewTimesThenWaits() {
        for (int i = 0; i < 5; i++) {
            assertEquals(Optional.empty(), throttle.waitFor("10.0.0.1"));
            throttle.failed("10.0.0.1");
            clock.advance(Duration.ofSeconds(1));
        }
        assertEquals(Optional.of(Duration.ofSeconds(55)), throttle.waitFor("10.0.0.1"));
        assertEquals(Optional.empty(), throttle.waitFor("10.0.0.2"), "other clients are not held back");
    }

    @Test
    void theWaitEndsWhenTheOldestFailureLeavesTheWindow() {
        for (int i = 0; i < 5; i++) {
            throttle.failed("c");
        }
        clock.advance(Duration.ofSeconds(59));
        assertTrue(throttle.waitFor("c").isPresent());
        clock.advance(Duration.ofSeconds(1));
        assertEquals(Optional.empty(), throttle.waitFor("c"));
    }

    @Test
    void aSuccessClearsTheCount() {
        for (int i = 0; i < 4; i++) {
            throttle.failed("c");
        }
        throttle.succeeded("c");
        throttle.failed("c");
        assertEquals(Optional.empty(), throttle.waitFor("c"));
    }

    @Test
    void manyFailuresStillMeanOneWindowOfWaiting() {
        for (int i = 0; i < 100; i++) {
            throttle.failed("c");
        }
        assertEquals(Optional.of(Duration.ofMinutes(1)), throttle.waitFor("c"));
    }
}
