package dev.conveyor.health;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.testing.MovableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ProbeTest {

    private final MovableClock clock = new MovableClock(Instant.parse("2026-01-01T00:00:00Z"));
    private final Probe probe = new Probe(clock, Duration.ofSeconds(15));

    @Test
    void downBeforeTheFirstAnswer() {
        assertFalse(probe.up());
        assertEquals(Optional.of("not probed yet"), probe.downReason());
    }

    @Test
    void upAfterASuccessAndDownAtOnceOnAFailure() {
        probe.succeeded();
        assertTrue(probe.up());
        assertEquals(Optional.empty(), probe.downReason());

        probe.failed("connection refused");
        assertFalse(probe.up());
        assertEquals(Optional.of("connection refused"), probe.downReason());

        probe.succeeded();
        assertTrue(probe.up());
    }

    @Test
    void aProbeThatHangsGoesDownWhenItsLastSuccessIsStale() {
        probe.succeeded();
        clock.advance(Duration.ofSeconds(15));
        assertTrue(probe.up());
        clock.advance(Duration.ofSeconds(1));
        assertFalse(probe.up());
        assertEquals(Optional.of("no answer for 16 s"), probe.downReason());
    }
}
