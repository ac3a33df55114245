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
 * endpoint's mean, and the ratio of N to 10. Before each stream, what the endpoints cost idle:
 * the stack's CPU a second while they only scan their empty folders (after {@value #IDLE_SETTLE_SECONDS} s
 * for their first scans and the JIT, over {@value #IDLE_SECONDS} s), and per endpoint scan.
 */
public final class ManyEndpointsBenchmark {

    private static final int IDLE_SETTLE_SECONDS = 60;
    private static final int IDLE_SECONDS = 30;

    private record Result(int endpoints, int files, long p50, long p99, long max, long slowestEndpointMean, Idle idle) {
    }

    /** The stack's CPU while {@code scanning} endpoints (all it has) scan empty folders once a second, in ms a second. */
    private record Idle(int scanning, double payaraMillisPerSecond, double brokerMillisPerSecond) {

        double millisPerScan() {
            return (payaraMillisPerSecond + brokerMillisPerSecond) / scanning;
        }
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
            results.add(run(running, api, "few", 10, 10, files));
            results.add(run(running, api, "many", many, 10 + many, files));
        }
        System.out.printf("%-10s %7s %8s %8s %8s %22s %9s %30s %13s%n", "endpoints", "files", "p50 ms", "p99 ms", "max ms",
                "slowest endpoint ms", "scanning", "idle CPU ms/s (Payara, broker)", "ms a scan");
        for (Result r : results) {
            System.out.printf("%-10d %7d %8d %8d %8d %22d %9d %21.1f, %6.1f %13.2f%n", r.endpoints, r.files, r.p50, r.p99, r.max,
                    r.slowestEndpointMean, r.idle.scanning, r.idle.payaraMillisPerSecond,
                    r.idle.brokerMillisPerSecond, r.idle.millisPerScan());
        }
        System.out.printf("ratio %d/10 endpoints: p50 %.2f, p99 %.2f%n", many,
                (double) results.get(1).p50 / results.get(0).p50, (double) results.get(1).p99 / results.get(0).p99);
    }

    private static Result run(Stack stack, ApiClient api, String group, int endpoints, int scanning, int files) throws Exception {
        List<Path> folders = new ArrayList<>();
        for (int i = 0; i < endpoints; i++) {
            String name = group + "-" + i;
            folders.add(Measures.createEndpoint(api, "{\"name\":\"" + name + "\",\"path\":\"" + name + "\",\"operationName\":\"copy\","
                    + "\"repeatInterval\":1,\"batchSize\":10}"));
        }
        Idle idle = idle(stack, scanning);
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
                latencies.get(latencies.size() - 1), slowest, idle);
    }

    private static Idle idle(Stack stack, int scanning) throws Exception {
        Thread.sleep(IDLE_SETTLE_SECONDS * 1000L);
        long server = Measures.serverCpuMillis(stack.var());
        long broker = Measures.brokerCpuMillis(stack.var());
        long started = System.nanoTime();
        Thread.sleep(IDLE_SECONDS * 1000L);
        double seconds = (System.nanoTime() - started) / 1e9;
        long brokerUsed = Measures.brokerCpuMillis(stack.var()) - broker;
        return new Idle(scanning, (Measures.serverCpuMillis(stack.var()) - server - brokerUsed) / seconds, brokerUsed / seconds);
    }
}
