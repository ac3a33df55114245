package dev.conveyor.health;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * The last results of one repeated probe (a database query, a broker round trip). It is up
 * when the last probe that finished succeeded and a success is at most {@code staleAfter} old:
 * a probe that fails is down at once, and one that hangs is down once its last success is stale.
 */
public final class Probe {

    private final Clock clock;
    private final Duration staleAfter;
    private volatile Instant lastSuccess;
    private volatile String lastFailure = "not probed yet";

    public Probe(Clock clock, Duration staleAfter) {
        this.clock = clock;
        this.staleAfter = staleAfter;
    }

    public void succeeded() {
        lastSuccess = clock.instant();
        lastFailure = null;
    }

    public void failed(String reason) {
        lastFailure = reason;
    }

    public boolean up() {
        return lastFailure == null && lastSuccess != null && !lastSuccess.isBefore(clock.instant().minus(staleAfter));
    }

    /** Why it is down: the last failure, or how long no probe has answered. */
    public Optional<String> downReason() {
        if (up()) {
            return Optional.empty();
        }
        if (lastFailure != null) {
            return Optional.of(lastFailure);
        }
        return Optional.of("no answer for " + Duration.between(lastSuccess, clock.instant()).toSeconds() + " s");
    }
}
