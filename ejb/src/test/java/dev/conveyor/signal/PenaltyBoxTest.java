package dev.conveyor.signal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.conveyor.testing.MovableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PenaltyBoxTest {

    private final MovableClock clock = new MovableClock(Instant.parse("2026-11-30T10:00:00Z"));

    @Test
    void aPenalizedIdIsSkippedForItsPenaltyAndOthersAreNot() {
        PenaltyBox box = new PenaltyBox(clock);
        box.penalize("a", Duration.ofSeconds(30));
        box.penalize("b", Duration.ofSeconds(10));
        assertEquals(Set.of("a", "b"), box.penalized());
        clock.advance(Duration.ofSeconds(10));
        assertEquals(Set.of("a"), box.penalized(), "b served its penalty");
        clock.advance(Duration.ofSeconds(20));
        assertEquals(Set.of(), box.penalized());
    }

    @Test
    void noPenaltyMeansCheckedEveryPass() {
        PenaltyBox box = new PenaltyBox(clock);
        box.penalize("a", Duration.ZERO);
        assertEquals(Set.of(), box.penalized());
    }
}
