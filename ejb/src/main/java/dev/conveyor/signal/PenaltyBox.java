package dev.conveyor.signal;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Signal ids the sweep checked without releasing anything, kept aside for the endpoint's
 * waitPenaltyDuration so that they do not take the sweep's buffer from other ids.
 */
final class PenaltyBox {

    private final Clock clock;
    private final Map<String, Instant> until = new ConcurrentHashMap<>();

    PenaltyBox(Clock clock) {
        this.clock = clock;
    }

    void penalize(String signalId, Duration penalty) {
        if (!penalty.isZero()) {
            until.put(signalId, clock.instant().plus(penalty));
        }
    }

    /** The ids penalized now. */
    Set<String> penalized() {
        Instant now = clock.instant();
        until.values().removeIf(end -> !now.isBefore(end));
        return Set.copyOf(until.keySet());
    }
}
