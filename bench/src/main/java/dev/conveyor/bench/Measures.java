package dev.conveyor.bench;

import dev.conveyor.web.testing.ApiClient;
import dev.conveyor.web.testing.ApiClient.Reply;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/** What the benchmarks share: the machine line, endpoints, waiting for jobs, percentiles. */
final class Measures {

    /** USER_HZ, the unit of /proc/PID/stat's times: 100 on every Linux this runs on. */
    private static final long CLOCK_TICKS_PER_SECOND = 100;

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

    /**
     * CPU time the stack's processes (Payara Micro and the broker, by their pid files in
     * var/run) have used so far, in ms. On a machine shared with others it moves far less than
     * wall-clock rates do, so costs are compared on it too.
     */
    static long serverCpuMillis(Path var) throws IOException {
        return cpuMillis(var, "*.pid");
    }

    /** CPU time, in ms, of the stack's processes whose pid files in var/run match {@code pidFiles} (a glob). */
    static long cpuMillis(Path var, String pidFiles) throws IOException {
        long ticks = 0;
        try (DirectoryStream<Path> pids = Files.newDirectoryStream(var.resolve("run"), pidFiles)) {
            for (Path pid : pids) {
                String stat = Files.readString(Path.of("/proc", Files.readString(pid).trim(), "stat"));
                // After the command name in parentheses: state is field 3, utime 14 and stime 15.
                String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                ticks += Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
            }
        }
        return ticks * 1000 / CLOCK_TICKS_PER_SECOND;
    }

    /** The value at the given percentile of sorted values (nearest rank). */
    static long percentile(List<Long> sorted, int percent) {
        int index = (int) Math.ceil(percent / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, index));
    }
}
