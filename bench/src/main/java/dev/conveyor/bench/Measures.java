package dev.conveyor.bench;

import dev.conveyor.web.testing.ApiClient;
import dev.conveyor.web.testing.ApiClient.Reply;
import jakarta.json.JsonObject;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/** What the benchmarks share: the machine line, endpoints, waiting for jobs, percentiles. */
final class Measures {

    private Measures() {
    }

    static String machine() {
        var os = ManagementFactory.getOperatingSystemMXBean();
        long memory = os instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getTotalMemorySize() : -1;
        return String.format("machine: %d cores, %.1f GiB RAM, %s %s, Java %s", Runtime.getRuntime().availableProcessors(),
                memory / (1024.0 * 1024 * 1024), os.getName(), os.getArch(), System.getProperty("java.version"));
    }

    /** The example operation text.uppercase, whose delayMillis input lets a bench choose how long a job holds its worker. */
    static Path exampleOperation() {
        return Path.of(System.getProperty("conveyor.top"), "examples/uppercase-operation/target/uppercase-operation.jar");
    }

    /** An endpoint's operation settings for text.uppercase jobs that each hold their worker for {@code jobMillis}. */
    static String uppercaseTaking(long jobMillis) {
        return "\"operationName\":\"text.uppercase\",\"inputParameterMappings\":{\"delayMillis\":"
                + "{\"type\":\"literal\",\"value\":\"" + jobMillis + "\"}}";
    }

    static Path createEndpoint(ApiClient api, String json) {
        Reply created = api.post("endpoints", json);
        if (created.status() != 201) {
            throw new IllegalStateException("cannot create endpoint: " + created);
        }
        return Path.of(created.object().getString("path"));
    }

    /** Waits until {@code expected} jobs succeeded, filtered by endpoint when one is given. */
    static List<JsonObject> awaitSucceeded(ApiClient api, String endpoint, int expected) throws InterruptedException {
        String query = "jobs?state=SUCCEEDED&limit=10000" + (endpoint == null ? "" : "&endpoint=" + endpoint);
        Instant deadline = Instant.now().plus(Duration.ofMinutes(30));
        while (Instant.now().isBefore(deadline)) {
            List<JsonObject> jobs = api.get(query).array().getValuesAs(JsonObject.class);
            if (jobs.size() >= expected) {
                return jobs;
            }
            Thread.sleep(500);
        }
        throw new IllegalStateException("fewer than " + expected + " jobs succeeded within 30 minutes");
    }

    /** The value at the given percentile of sorted values (nearest rank). */
    static long percentile(List<Long> sorted, int percent) {
        int index = (int) Math.ceil(percent / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, index));
    }
}
