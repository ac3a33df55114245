package dev.conveyor.bench;

import dev.conveyor.stack.Stack;
import dev.conveyor.web.testing.ApiClient;
import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Many endpoints on one node, each scanning every second: the same stream of files (one file
 * every 100 ms, round-robin over the endpoints) goes to 10 endpoints and then to N (default 100).
 * If scans starved each other or the workers, the latency with N endpoints would grow, and the
 * slowest endpoint would lag the rest. Prints drop-to-result latency p50/p99/max, the slowest
 * endpoint's mean, and the ratio of N to 10.
 */
public final class ManyEndpointsBenchmark {

    private record Result(int endpoints, int files, long p50, long p99, long max, long slowestEndpointMean) {
    }

    public static void main(String[] args) throws Exception {
        int many = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        int files = args.length > 1 ? Integer.parseInt(args[1]) : 300;
        Stack stack = Stack.fromBuild("bench-password");
        EndToEndBenchmark.deleteTree(stack.var());
        System.out.println(Measures.machine());
        System.out.printf("load: %d files of 1 KiB, one every 100 ms, round-robin; every endpoint async copy, repeatInterval 1 s%n", files);
        List<Result> results = new ArrayList<>();
        try (Stack running = stack.start()) {
            ApiClient api = running.api();
            results.add(run(running, api, "few", 10, files));
            results.add(run(running, api, "many", many, files));
        }
        System.out.printf("%-10s %7s %8s %8s %8s %22s%n", "endpoints", "files", "p50 ms", "p99 ms", "max ms", "slowest endpoint ms");
        for (Result r : results) {
            System.out.printf("%-10d %7d %8d %8d %8d %22d%n", r.endpoints, r.files, r.p50, r.p99, r.max, r.slowestEndpointMean);
        }
        System.out.printf("ratio %d/10 endpoints: p50 %.2f, p99 %.2f%n", many,
                (double) results.get(1).p50 / results.get(0).p50, (double) results.get(1).p99 / results.get(0).p99);
    }

    private static Result run(Stack stack, ApiClient api, String group, int endpoints, int files) throws Exception {
        List<Path> folders = new ArrayList<>();
        for (int i = 0; i < endpoints; i++) {
            String name = group + "-" + i;
            folders.add(Measures.createEndpoint(api, "{\"name\":\"" + name + "\",\"path\":\"" + name + "\",\"operationName\":\"copy\","
                    + "\"repeatInterval\":1,\"batchSize\":10}"));
        }
        Thread.sleep(3000);
        Path incoming = Files.createDirectories(stack.var().resolve("incoming-" + group));
        Map<String, Instant> dropped = new HashMap<>();
        byte[] content = new byte[1024];
        for (int i = 0; i < files; i++) {
            String file = group + "-file-" + i + ".bin";
            Files.write(incoming.resolve(file), content);
            Files.move(incoming.resolve(file), folders.get(i % endpoints).resolve(file), StandardCopyOption.ATOMIC_MOVE);
            dropped.put(file, Instant.now());
            Thread.sleep(100);
        }
        List<Long> latencies = new ArrayList<>();
        Map<String, List<Long>> byEndpoint = new HashMap<>();
        for (JsonObject job : Measures.awaitSucceeded(api, null, dropped.size() + (group.equals("few") ? 0 : dropped.size()))) {
            Instant at = dropped.get(job.getString("source"));
            if (at == null) {
                continue;
            }
            long latency = Duration.between(at, Instant.parse(job.getString("finishedAt"))).toMillis();
            latencies.add(latency);
            byEndpoint.computeIfAbsent(job.getString("endpoint"), e -> new ArrayList<>()).add(latency);
        }
        latencies.sort(null);
        long slowest = byEndpoint.values().stream()
                .mapToLong(l -> (long) l.stream().mapToLong(Long::longValue).average().orElse(0)).max().orElse(0);
        return new Result(endpoints, latencies.size(), Measures.percentile(latencies, 50), Measures.percentile(latencies, 99),
                latencies.get(latencies.size() - 1), slowest);
    }
}
