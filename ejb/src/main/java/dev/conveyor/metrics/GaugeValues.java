package dev.conveyor.metrics;

import dev.conveyor.endpoint.EndpointConfig;
import dev.conveyor.endpoint.EndpointState;
import dev.conveyor.job.InputQueue;
import dev.conveyor.job.JobState;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * One reading of every gauge, keyed by metric name and tag value: per endpoint its queue
 * (jobs accepted and not yet running), the free room left in it, and whether it is blocked;
 * per release signal the jobs waiting for it; per node the seconds since its heartbeat.
 */
public record GaugeValues(Map<GaugeKey, Double> values) {

    /** A gauge: its metric name, the tag's name and the tag's value. */
    public record GaugeKey(String metric, String tag, String value) {
    }

    public static GaugeValues read(Collection<EndpointConfig> endpoints, Map<String, Map<JobState, Long>> jobCounts,
            Map<String, Long> waitingBySignal, Map<String, Instant> heartbeats, Instant now) {
        Map<GaugeKey, Double> values = new HashMap<>();
        for (EndpointConfig endpoint : endpoints) {
            Map<JobState, Long> counts = jobCounts.getOrDefault(endpoint.name(), Map.of());
            long queued = JobState.NOT_YET_RUNNING.stream().mapToLong(state -> counts.getOrDefault(state, 0L)).sum();
            InputQueue queue = InputQueue.of(endpoint, (int) queued);
            values.put(new GaugeKey(MetricNames.QUEUE_SIZE, "endpoint", endpoint.name()), (double) queue.queuedJobs());
            values.put(new GaugeKey(MetricNames.QUEUE_FREE, "endpoint", endpoint.name()), (double) queue.freeQueueSize());
            values.put(new GaugeKey(MetricNames.ENDPOINT_BLOCKED, "endpoint", endpoint.name()),
                    endpoint.state() == EndpointState.BLOCKED ? 1.0 : 0.0);
        }
        waitingBySignal.forEach((signal, jobs) ->
                values.put(new GaugeKey(MetricNames.SIGNAL_WAITING_JOBS, "signal", signal), (double) jobs));
        // A beat written after the reading's time was taken (the reading runs its queries after) is zero seconds old.
        heartbeats.forEach((node, beat) -> values.put(new GaugeKey(MetricNames.NODE_HEARTBEAT_AGE, "node", node),
                Math.max(0, Duration.between(beat, now).toMillis()) / 1000.0));
        return new GaugeValues(Map.copyOf(values));
    }

    public Set<GaugeKey> keys() {
        return values.keySet();
    }

    /** The reading of a gauge; 0 for one that is gone (it is unregistered at the same refresh). */
    public double get(GaugeKey key) {
        return values.getOrDefault(key, 0.0);
    }
}
