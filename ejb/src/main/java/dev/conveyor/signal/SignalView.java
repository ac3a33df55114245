package dev.conveyor.signal;

import java.time.Instant;
import java.util.Map;

/** A signal as the admin API shows it. */
public record SignalView(String id, Map<String, Long> counters, long total, Map<String, String> attributes, long releasable,
                         Instant updatedAt) {

    static SignalView of(Signal signal) {
        SignalCounts counts = signal.counts();
        return new SignalView(signal.getId(), counts.counters(), counts.total(), counts.attributes(), counts.releasable(),
                signal.getUpdatedAt());
    }
}
