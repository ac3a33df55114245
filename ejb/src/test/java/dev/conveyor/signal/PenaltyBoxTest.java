package dev.conveyor.signal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PenaltyBoxTest {

    private Instant now = Instant.parse("2026-11-30T10:00:00Z");
    private final Clock clock = new Clock() {
        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    };

    @Test
    void aPenalizedIdIsSkippedForItsPenaltyAndOthersAreNot() {
        PenaltyBox box = new PenaltyBox(clock);
        box.penalize("a", Duration.ofSeconds(30));
        box.penalize("b", Duration.ofSeconds(10));
        assertEquals(Set.of("a", "b"), box.penalized());
        now = now.plusSeconds(10);
        assertEquals(Set.of("a"), box.penalized(), "b served its penalty");
        now = now.plusSeconds(20);
        assertEquals(Set.of(), box.penalized());
    }

    @Test
    void noPenaltyMeansCheckedEveryPass() {
        PenaltyBox box = new PenaltyBox(clock);
        box.penalize("a", Duration.ZERO);
        assertEquals(Set.of(), box.penalized());
    }
}
