package dev.conveyor.signal;

import dev.conveyor.job.Job;
import java.util.LinkedHashMap;
import java.util.Map;

/** The attributes a released job gains: the signal's, by the copy mode, and the counters it was released on. */
final class ReleaseAttributes {

    private ReleaseAttributes() {
    }

    static Map<String, String> of(Map<String, String> job, SignalCounts.Release release, boolean replace) {
        Map<String, String> given = new LinkedHashMap<>();
        release.after().attributes().forEach((name, value) -> {
            if (replace || !job.containsKey(name)) {
                given.put(name, value);
            }
        });
        release.countersBefore().forEach((counter, count) -> given.put(Job.WAIT_COUNTER_PREFIX + counter, Long.toString(count)));
        return given;
    }
}
