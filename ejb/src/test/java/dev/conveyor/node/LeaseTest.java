package dev.conveyor.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class LeaseTest {

    private static final Instant NOON = Instant.parse("2026-11-30T12:00:00Z");

    @Test
    void theHolderRenewsAndOthersWaitForTheExpiry() {
        Lease lease = new Lease("scan:invoices", "node-a", NOON.plusSeconds(35));
        assertTrue(lease.take("node-a", NOON.plusSeconds(5), NOON.plusSeconds(40)), "the holder renews");
        assertFalse(lease.take("node-b", NOON.plusSeconds(39), NOON.plusSeconds(74)), "held and not expired");
        assertEquals("node-a", lease.getHolder());
        assertTrue(lease.take("node-b", NOON.plusSeconds(40), NOON.plusSeconds(75)), "expired: taken over");
        assertEquals("node-b", lease.getHolder());
        assertEquals(NOON.plusSeconds(75), lease.getExpiresAt());
        assertFalse(lease.take("node-a", NOON.plusSeconds(41), NOON.plusSeconds(76)), "the old holder lost it");
    }
}
