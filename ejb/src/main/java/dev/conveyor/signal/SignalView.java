package dev.conveyor.signal;

import java.time.Instant;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A signal as the admin API shows it. */
public record SignalView(String id, Map<String, Long> counters, long total, Map<String, String> attributes, long releasable,
                         @Schema(type = SchemaType.STRING, format = "date-time") Instant updatedAt) {

    static SignalView of(Signal signal) {
        SignalCounts counts = signal.counts();
        return new SignalView(signal.getId(), counts.counters(), counts.total(), counts.attributes(), counts.releasable(),
                signal.getUpdatedAt());
    }
}
