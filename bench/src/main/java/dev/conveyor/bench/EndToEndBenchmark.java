package dev.conveyor.bench;

import dev.conveyor.stack.Stack;
import dev.conveyor.web.testing.ApiClient;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Drop-to-result on the real stack: N small files dropped at once into an asynchronous copy
 * endpoint (Job Manager queue, worker MDBs, result writer) and, in the same run, into a
 * synchronous one (the scanner runs the operation itself). Prints files per second and the
 * drop-to-result latency percentiles for both, and their ratio.
 */
public final class EndToEndBenchmark {

    private record Result(String mode, int files, double filesPerSecond, long p50, long p99, long max) {
    }

    public static void main(String[] args) throws Exception {
        int files = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        int size = args.length > 1 ? Integer.parseInt(args[1]) : 4096;
        Stack stack = Stack.fromBuild("bench-password");
        deleteTree(stack.var());
        System.out.println(Measures.machine());
        System.out.printf("load: %d files of %d bytes per endpoint, batchSize 100, repeatInterval 1 s%n", files, size);
        List<Result> results = new ArrayList<>();
        try (Stack running = stack.start()) {
            ApiClient api = running.api();
            for (boolean asynchronous : new boolean[] {true, false}) {
                results.add(run(running, api, asynchronous ? "async" : "sync", asynchronous, files, size));
            }
        }
        System.out.printf("%-6s %7s %10s %10s %10s %10s%n", "mode", "files", "files/s", "p50 ms", "p99 ms", "max ms");
        for (Result r : results) {
            System.out.printf("%-6s %7d %10.1f %10d %10d %10d%n", r.mode, r.files, r.filesPerSecond, r.p50, r.p99, r.max);
        }
        Result async = results.get(0);
        Result sync = results.get(1);
        System.out.printf("ratio async/sync: throughput %.2f, p50 latency %.2f%n",
                async.filesPerSecond / sync.filesPerSecond, (double) async.p50 / Math.max(1, sync.p50));
    }

    private static Result run(Stack stack, ApiClient api, String mode, boolean asynchronous, int files, int size)
            throws IOException, InterruptedException {
        String name = "bench-" + mode;
        Path folder = Measures.createEndpoint(api, "{\"name\":\"" + name + "\",\"path\":\"" + name + "\",\"operationName\":\"copy\","
                + "\"repeatInterval\":1,\"batchSize\":100,\"asynchronous\":" + asynchronous + "}");
        List<Path> incoming = Measures.randomFiles(Files.createDirectories(stack.var().resolve("incoming-" + mode)), files, size);
        Map<String, Instant> dropped = new HashMap<>();
        Instant start = Instant.now();
        for (Path file : incoming) {
            Files.move(file, folder.resolve(file.getFileName()), StandardCopyOption.ATOMIC_MOVE);
            dropped.put(file.getFileName().toString(), Instant.now());
        }
        List<JsonObject> done = Measures.awaitSucceeded(api, name, files);
        List<Long> latencies = new ArrayList<>();
        Instant last = start;
        for (JsonObject job : done) {
            Instant finished = Instant.parse(job.getString("finishedAt"));
            latencies.add(Duration.between(dropped.get(job.getString("source")), finished).toMillis());
            last = finished.isAfter(last) ? finished : last;
        }
        latencies.sort(null);
        double seconds = Duration.between(start, last).toMillis() / 1000.0;
        return new Result(mode, files, files / seconds, Measures.percentile(latencies, 50), Measures.percentile(latencies, 99),
                latencies.get(latencies.size() - 1));
    }

    static void deleteTree(Path root) throws IOException {
        if (Files.notExists(root)) {
            return;
        }
        try (var walk = Files.walk(root)) {
            for (Path path : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
