package dev.conveyor.stack;

import static dev.conveyor.stack.Drops.awaitFinished;
import static dev.conveyor.stack.Drops.awaitState;
import static dev.conveyor.stack.Drops.drop;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Black-box: Conveyor's figures in the Prometheus text at /metrics after real jobs. */
class MetricsStackIT extends OnSharedStack {

    private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)\\{([^}]*)\\} (\\S+)$");
    private static final Pattern LABEL = Pattern.compile("(\\w+)=\"([^\"]*)\"");

    @Test
    void jobsByOutcomeDurationsQueuesWaitingJobsAndHeartbeats() throws Exception {
        Path good = Drops.endpoint(api, "metered-copies", "copy", "");
        Path bad = Drops.endpoint(api, "metered-splits", "pdf.split", "");
        Path waiting = Drops.endpoint(api, "metered-waits", "copy", "\"wait\":{\"releaseSignalId\":\"metered-batch\"}");
        for (int i = 1; i <= 3; i++) {
            drop(stack, good, "copy-" + i + ".txt", ("copy " + i).getBytes(StandardCharsets.UTF_8));
        }
        for (int i = 1; i <= 2; i++) {
            drop(stack, bad, "not-a-pdf-" + i + ".pdf", "plain text".getBytes(StandardCharsets.UTF_8));
        }
        drop(stack, waiting, "held-1.txt", "held".getBytes(StandardCharsets.UTF_8));
        drop(stack, waiting, "held-2.txt", "held".getBytes(StandardCharsets.UTF_8));
        awaitFinished(api, "metered-copies", 3);
        awaitFinished(api, "metered-splits", 2);
        awaitState(api, "metered-waits", "WAITING", 2);

        // The gauges are read every 10 s: a reading from before the copies ended still counts one of them queued. Their
        // queue gauge must come down to 0 (awaitMetrics fails if it does not within a minute); the other gauges are
        // asserted on that same, later reading.
        String text = awaitMetrics(metrics -> value(metrics, "conveyor_signal_waiting_jobs", Map.of("signal", "metered-batch")).isPresent()
                && value(metrics, "conveyor_queue_size", Map.of("endpoint", "metered-splits")).isPresent()
                && value(metrics, "conveyor_queue_size", Map.of("endpoint", "metered-copies")).equals(Optional.of(0.0)));

        assertEquals(Optional.of(3.0), value(text, "conveyor_jobs_finished_total", Map.of("endpoint", "metered-copies", "outcome", "succeeded")), text);
        assertEquals(Optional.empty(), value(text, "conveyor_jobs_finished_total", Map.of("endpoint", "metered-copies", "outcome", "failed")));
        assertEquals(Optional.of(2.0), value(text, "conveyor_jobs_finished_total", Map.of("endpoint", "metered-splits", "outcome", "failed")), text);
        assertEquals(Optional.of(3.0), value(text, "conveyor_job_duration_seconds_count", Map.of("endpoint", "metered-copies")), text);
        assertEquals(Optional.of(2.0), value(text, "conveyor_job_duration_seconds_count", Map.of("endpoint", "metered-splits")), text);
        // A histogram, so Prometheus can take quantiles over nodes: every job is in the +Inf bucket, the buckets only grow.
        assertEquals(Optional.of(3.0), value(text, "conveyor_job_duration_seconds_bucket", Map.of("endpoint", "metered-copies", "le", "+Inf")), text);
        List<Double> cumulative = samples(text, "conveyor_job_duration_seconds_bucket", Map.of("endpoint", "metered-copies"));
        assertTrue(cumulative.size() >= 10, "the configured buckets: " + cumulative);
        assertEquals(cumulative.stream().sorted().toList(), cumulative, "bucket counts in the order of their bounds only grow");
        assertTrue(value(text, "conveyor_bucket_wait_seconds_bucket", Map.of("bucket", "default", "le", "+Inf")).orElseThrow() >= 5, text);

        assertEquals(Optional.of(10_000.0), value(text, "conveyor_queue_free", Map.of("endpoint", "metered-copies")), text);
        assertEquals(Optional.of(0.0), value(text, "conveyor_endpoint_blocked", Map.of("endpoint", "metered-copies")), text);
        assertEquals(Optional.of(2.0), value(text, "conveyor_signal_waiting_jobs", Map.of("signal", "metered-batch")), text);

        double served = value(text, "conveyor_bucket_jobs_served_total", Map.of("bucket", "default")).orElseThrow();
        assertTrue(served >= 5, "the five finished jobs ran in the default bucket: " + served);
        assertTrue(value(text, "conveyor_bucket_wait_seconds_count", Map.of("bucket", "default")).orElseThrow() >= 5, text);
        double heartbeatAge = value(text, "conveyor_node_heartbeat_age_seconds", Map.of()).orElseThrow();
        assertTrue(heartbeatAge >= 0 && heartbeatAge < 30, "the node beats every 10 s: " + heartbeatAge);
    }

    /** The first sample of {@code metric} whose labels include {@code labels}. */
    private static Optional<Double> value(String text, String metric, Map<String, String> labels) {
        return samples(text, metric, labels).stream().findFirst();
    }

    /** Every sample of {@code metric} whose labels include {@code labels}, in the text's order. */
    private static List<Double> samples(String text, String metric, Map<String, String> labels) {
        List<Double> values = new ArrayList<>();
        for (String line : text.split("\n")) {
            Matcher sample = SAMPLE.matcher(line);
            if (!sample.matches() || !sample.group(1).equals(metric)) {
                continue;
            }
            Matcher label = LABEL.matcher(sample.group(2));
            Map<String, String> found = new HashMap<>();
            while (label.find()) {
                found.put(label.group(1), label.group(2));
            }
            if (found.entrySet().containsAll(labels.entrySet())) {
                values.add(Double.parseDouble(sample.group(3)));
            }
        }
        return values;
    }

    /** The gauges are read every 10 s: waits for a reading that has what the test made. */
    private static String awaitMetrics(Predicate<String> ready) throws IOException, InterruptedException {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
        String text = metrics();
        while (!ready.test(text) && Instant.now().isBefore(deadline)) {
            Thread.sleep(1000);
            text = metrics();
        }
        assertTrue(ready.test(text), text);
        return text;
    }

    /** /metrics as Prometheus scrapes it: text, application metrics only. */
    private static String metrics() throws IOException, InterruptedException {
        HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        stack.serverUri("metrics?scope=application")).header("Accept", "text/plain").build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode(), response::body);
        return response.body();
    }
}
