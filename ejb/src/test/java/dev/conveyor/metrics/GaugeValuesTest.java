package dev.conveyor.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.conveyor.endpoint.EndpointConfig;
import dev.conveyor.endpoint.EndpointSettings;
import dev.conveyor.endpoint.EndpointState;
import dev.conveyor.job.JobState;
import dev.conveyor.metrics.GaugeValues.GaugeKey;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GaugeValuesTest {

    private static final Instant NOW = Instant.parse("2026-01-01T12:00:00Z");

    private static EndpointConfig endpoint(String name, int maxQueueSize, EndpointState state) {
        return new EndpointConfig(name, Path.of("/folders", name),
                EndpointSettings.MANUAL_DEFAULTS.with(EndpointSettings.MAX_QUEUE_SIZE, maxQueueSize), state);
    }

    @Test
    void theQueueIsTheJobsNotYetRunningAndTheFreeSizeWhatIsLeft() {
        GaugeValues values = GaugeValues.read(List.of(endpoint("invoices", 10, EndpointState.ENABLED)),
                Map.of("invoices", Map.of(JobState.STAGED, 2L, JobState.QUEUED, 3L, JobState.RUNNING, 4L, JobState.SUCCEEDED, 50L)),
                Map.of(), Map.of(), NOW);
        assertEquals(5.0, values.get(new GaugeKey(MetricNames.QUEUE_SIZE, "endpoint", "invoices")));
        assertEquals(5.0, values.get(new GaugeKey(MetricNames.QUEUE_FREE, "endpoint", "invoices")));
        assertEquals(0.0, values.get(new GaugeKey(MetricNames.ENDPOINT_BLOCKED, "endpoint", "invoices")));
    }

    @Test
    void anEndpointWithoutJobsHasAnEmptyQueueAndABlockedOneSaysSo() {
        GaugeValues values = GaugeValues.read(List.of(endpoint("scans", 7, EndpointState.BLOCKED)), Map.of(), Map.of(), Map.of(), NOW);
        assertEquals(0.0, values.get(new GaugeKey(MetricNames.QUEUE_SIZE, "endpoint", "scans")));
        assertEquals(7.0, values.get(new GaugeKey(MetricNames.QUEUE_FREE, "endpoint", "scans")));
        assertEquals(1.0, values.get(new GaugeKey(MetricNames.ENDPOINT_BLOCKED, "endpoint", "scans")));
    }

    @Test
    void waitingJobsBySignalAndHeartbeatAgesInSeconds() {
        GaugeValues values = GaugeValues.read(List.of(), Map.of(), Map.of("batch-7", 3L),
                Map.of("node-a", NOW.minusMillis(4_500)), NOW);
        assertEquals(3.0, values.get(new GaugeKey(MetricNames.SIGNAL_WAITING_JOBS, "signal", "batch-7")));
        assertEquals(4.5, values.get(new GaugeKey(MetricNames.NODE_HEARTBEAT_AGE, "node", "node-a")));
        assertEquals(2, values.keys().size());
    }

    @Test
    void aBeatWrittenAfterTheReadingBeganIsNoAgeAtAll() {
        GaugeValues values = GaugeValues.read(List.of(), Map.of(), Map.of(), Map.of("node-a", NOW.plusMillis(3)), NOW);
        assertEquals(0.0, values.get(new GaugeKey(MetricNames.NODE_HEARTBEAT_AGE, "node", "node-a")));
    }
}
