package dev.conveyor.node;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class RenewedLeasesTest {

    private static final Instant T = Instant.parse("2026-12-03T10:00:00Z");
    private static final Duration LEASE = Duration.ofSeconds(31);

    private final RenewedLeases leases = new RenewedLeases();

    @Test
    void aLeaseNeverRenewedHereIsAskedOfTheDatabase() {
        assertFalse(leases.heldWithoutRenewal("scan:docs", LEASE, T));
    }

    @Test
    void aLeaseRenewedLessThanFiveSecondsAgoIsHeldWithoutWriting() {
        leases.renewed("scan:docs", T);

        assertTrue(leases.heldWithoutRenewal("scan:docs", LEASE, T.plusMillis(4999)));
        assertFalse(leases.heldWithoutRenewal("scan:docs", LEASE, T.plusSeconds(5)), "renewed again every 5 s");
        assertFalse(leases.heldWithoutRenewal("scan:other", LEASE, T.plusMillis(1)), "each lease on its own");
    }

    @Test
    void aShortLeaseIsRenewedAfterAQuarterOfItsDuration() {
        leases.renewed("purge", T);

        assertTrue(leases.heldWithoutRenewal("purge", Duration.ofMillis(2000), T.plusMillis(499)));
        assertFalse(leases.heldWithoutRenewal("purge", Duration.ofMillis(2000), T.plusMillis(500)));
    }

    @Test
    void aForgottenLeaseOrAClockThatWentBackAsksTheDatabase() {
        leases.renewed("scan:docs", T);
        assertFalse(leases.heldWithoutRenewal("scan:docs", LEASE, T.minusMillis(1)));

        leases.forget("scan:docs");
        assertFalse(leases.heldWithoutRenewal("scan:docs", LEASE, T.plusMillis(1)));
    }
}
