package dev.conveyor.bench;

import dev.conveyor.stack.Stack;
import dev.conveyor.web.testing.ApiClient;
import dev.conveyor.web.testing.ApiClient.Reply;
import jakarta.json.JsonObject;
import java.io.IOException;
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
 * FIFO against priority rules on the same loads, side by side. Three rules: high (JMS 9), normal
 * (JMS 5, share 40) and low (JMS 1, share 20), by file extension. Every job is the example
 * operation {@code text.uppercase} holding its worker for JOB_MILLIS, so the workers, not the
 * scanner or the result writer, are what jobs wait for. FIFO is the same stack with
 * {@code conveyor.priority.enabled} off.
 */
public final class PriorityBenchmark {

    private static final String[] RULES = {
            "{\"name\":\"high\",\"expression\":\"file.extension == 'hi'\",\"jmsPriority\":9,\"share\":100}",
            "{\"name\":\"normal\",\"expression\":\"file.extension == 'no'\",\"jmsPriority\":5,\"share\":40}",
            "{\"name\":\"low\",\"expression\":\"file.extension == 'lo'\",\"jmsPriority\":1,\"share\":20}"};

    private record Latency(long p50, long p99) {
    }

    private record Figures(Latency idle, Latency backlogged, double lowShare, int lowDone, int allDone) {
    }

    /** Files per second of each throughput round, in the order run. */
    private record Throughput(List<Double> mixed, List<Double> oneBucket) {

        double meanMixed() {
            return mixed.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        }
    }

    private final Stack stack;
    private final ApiClient api;
    private final long jobMillis;
    private final int backlog;
    private int endpoints;

    private PriorityBenchmark(Stack stack, long jobMillis, int backlog) {
        this.stack = stack;
        this.api = stack.api();
        this.jobMillis = jobMillis;
        this.backlog = backlog;
    }

    public static void main(String[] args) throws Exception {
        long jobMillis = args.length > 0 ? Long.parseLong(args[0]) : 100;
        int backlog = args.length > 1 ? Integer.parseInt(args[1]) : 300;
        Stack stack = Stack.fromBuild("bench-password");
        EndToEndBenchmark.deleteTree(stack.var());
        stack.installOperation(Measures.exampleOperation());
        System.out.println(Measures.machine());
        System.out.printf("load: text.uppercase jobs of %d ms each; endpoints batchSize %d, repeatInterval 1 s; 4 workers%n",
                jobMillis, backlog);
        Map<String, Figures> figures = new HashMap<>();
        Map<String, Throughput> throughputs = Map.of("fifo", new Throughput(new ArrayList<>(), new ArrayList<>()),
                "rules", new Throughput(new ArrayList<>(), new ArrayList<>()));
        try (Stack running = stack.start()) {
            PriorityBenchmark bench = new PriorityBenchmark(running, jobMillis, backlog);
            for (String rule : RULES) {
                bench.expect(201, bench.api.post("priority-rules", rule));
            }
            for (String mode : List.of("fifo", "rules")) {
                bench.switchTo(mode);
                figures.put(mode, bench.run(mode));
            }
            // The machine is shared and the stack warms up: throughput rounds go FIFO, rules, rules,
            // FIFO, so neither a neighbour's burst nor the warm-up favours one mode.
            for (int round = 0; round < 2; round++) {
                for (String mode : round == 0 ? List.of("fifo", "rules") : List.of("rules", "fifo")) {
                    bench.switchTo(mode);
                    double filesPerSecond = bench.throughput(mode, new String[] {"hi", "no", "lo"});
                    throughputs.get(mode).mixed().add(filesPerSecond);
                    System.out.printf("%s: mixed round %d, %.1f files/s%n", mode, round + 1, filesPerSecond);
                }
            }
            for (String mode : List.of("fifo", "rules")) {
                bench.switchTo(mode);
                throughputs.get(mode).oneBucket().add(bench.throughput(mode, new String[] {"no"}));
            }
        }
        Figures fifo = figures.get("fifo");
        Figures rules = figures.get("rules");
        System.out.printf("%-58s %12s %12s%n", "", "FIFO", "rules");
        System.out.printf("%-58s %12s %12s%n", "high p50/p99 ms, no backlog (20 high, one per 200 ms)",
                fifo.idle.p50 + "/" + fifo.idle.p99, rules.idle.p50 + "/" + rules.idle.p99);
        System.out.printf("%-58s %12s %12s%n", "high p50/p99 ms, behind " + backlog + " queued low jobs",
                fifo.backlogged.p50 + "/" + fifo.backlogged.p99, rules.backlogged.p50 + "/" + rules.backlogged.p99);
        System.out.printf("%-58s %11.1f%% %11.1f%%%n", "low share of jobs done while high ones were being done",
                100 * fifo.lowShare, 100 * rules.lowShare);
        System.out.printf("%-58s %12s %12s%n", "  (low jobs / all jobs finished in that window)",
                fifo.lowDone + "/" + fifo.allDone, rules.lowDone + "/" + rules.allDone);
        Throughput fifoRate = throughputs.get("fifo");
        Throughput rulesRate = throughputs.get("rules");
        System.out.printf("%-58s %12s %12s%n", "total files/s, " + backlog + " files at once, a third per bucket (2 rounds)",
                rates(fifoRate.mixed()), rates(rulesRate.mixed()));
        System.out.printf("%-58s %12s %12s%n", "total files/s, " + backlog + " files at once, all normal",
                rates(fifoRate.oneBucket()), rates(rulesRate.oneBucket()));
        System.out.printf("rules cost on total throughput: %.1f%% on the mixed load (means), %.1f%% on the one-bucket load%n",
                100 * (1 - rulesRate.meanMixed() / fifoRate.meanMixed()),
                100 * (1 - rulesRate.oneBucket().get(0) / fifoRate.oneBucket().get(0)));
    }

    private Figures run(String mode) throws Exception {
        Latency idle = highLatency(mode, 0);
        Latency backlogged = highLatency(mode, backlog);
        double[] share = lowShareUnderHighArrivals(mode);
        System.out.printf("%s: idle %s, backlogged %s, low share %.3f%n", mode, idle, backlogged, share[0]);
        return new Figures(idle, backlogged, share[0], (int) share[1], (int) share[2]);
    }

    /** 20 high files, one every 200 ms, after {@code lowBacklog} low files were queued; drop-to-finish percentiles. */
    private Latency highLatency(String mode, int lowBacklog) throws Exception {
        Path folder = endpoint(mode);
        dropAtOnce(folder, "bulk", "lo", lowBacklog);
        awaitQueued(folder, lowBacklog);
        Map<String, Instant> dropped = new HashMap<>();
        for (int i = 0; i < 20; i++) {
            dropped.put(dropOne(folder, "urgent-" + i + ".hi"), Instant.now());
            Thread.sleep(200);
        }
        List<Long> latencies = new ArrayList<>();
        for (JsonObject job : Measures.awaitSucceeded(api, name(folder), lowBacklog + 20)) {
            Instant at = dropped.get(job.getString("source"));
            if (at != null) {
                latencies.add(Duration.between(at, finished(job)).toMillis());
            }
        }
        latencies.sort(null);
        return new Latency(Measures.percentile(latencies, 50), Measures.percentile(latencies, 99));
    }

    /**
     * A low backlog, then high files arriving faster than the workers can take them (12 every
     * 250 ms) for 10 s: returns the low jobs' part of the jobs finished while high ones were
     * finishing (from the first high job's finish to the last's), and both counts.
     */
    private double[] lowShareUnderHighArrivals(String mode) throws Exception {
        Path folder = endpoint(mode);
        dropAtOnce(folder, "bulk", "lo", backlog);
        awaitQueued(folder, backlog);
        Instant start = Instant.now();
        int high = 0;
        while (Instant.now().isBefore(start.plusSeconds(10))) {
            dropAtOnce(folder, "urgent-" + high, "hi", 12);
            high += 12;
            Thread.sleep(250);
        }
        List<JsonObject> done = Measures.awaitSucceeded(api, name(folder), backlog + high);
        List<Instant> highFinishes = done.stream().filter(job -> job.getString("source").endsWith(".hi"))
                .map(PriorityBenchmark::finished).sorted().toList();
        Instant from = highFinishes.get(0);
        Instant to = highFinishes.get(highFinishes.size() - 1);
        int low = 0;
        int all = 0;
        for (JsonObject job : done) {
            Instant finished = finished(job);
            if (!finished.isBefore(from) && !finished.isAfter(to)) {
                all++;
                low += job.getString("source").endsWith(".lo") ? 1 : 0;
            }
        }
        return new double[] {all == 0 ? 0 : (double) low / all, low, all};
    }

    /** {@code backlog} files, the buckets' extensions in turn, dropped at once: files per second from the drop to the last finish. */
    private double throughput(String mode, String[] extensions) throws Exception {
        Path folder = endpoint(mode);
        Path incoming = Files.createDirectories(stack.var().resolve("incoming"));
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < backlog; i++) {
            files.add(text(incoming.resolve("mixed-" + i + "." + extensions[i % extensions.length])));
        }
        Instant start = Instant.now();
        for (Path file : files) {
            Files.move(file, folder.resolve(file.getFileName()), StandardCopyOption.ATOMIC_MOVE);
        }
        Instant last = Measures.awaitSucceeded(api, name(folder), backlog).stream().map(PriorityBenchmark::finished)
                .max(Instant::compareTo).orElseThrow();
        return backlog / (Duration.between(start, last).toMillis() / 1000.0);
    }

    private void switchTo(String mode) {
        expect(200, api.put("priority-rules/settings", "{\"enabled\":" + mode.equals("rules") + "}"));
    }

    private static String rates(List<Double> rates) {
        return String.join(" ", rates.stream().map(rate -> String.format("%.1f", rate)).toList());
    }

    private Path endpoint(String mode) {
        String name = mode + "-" + ++endpoints;
        return Measures.createEndpoint(api, "{\"name\":\"" + name + "\",\"path\":\"" + name + "\","
                + Measures.uppercaseTaking(jobMillis) + ",\"repeatInterval\":1,\"batchSize\":" + backlog + "}");
    }

    private void dropAtOnce(Path folder, String prefix, String extension, int count) throws IOException {
        Path incoming = Files.createDirectories(stack.var().resolve("incoming"));
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            files.add(text(incoming.resolve(prefix + "-" + i + "." + extension)));
        }
        for (Path file : files) {
            Files.move(file, folder.resolve(file.getFileName()), StandardCopyOption.ATOMIC_MOVE);
        }
    }

    private String dropOne(Path folder, String fileName) throws IOException {
        Path file = text(Files.createDirectories(stack.var().resolve("incoming")).resolve(fileName));
        Files.move(file, folder.resolve(fileName), StandardCopyOption.ATOMIC_MOVE);
        return fileName;
    }

    private static Path text(Path file) throws IOException {
        return Files.writeString(file, file.getFileName().toString());
    }

    /** Waits until the folder is empty and none of its endpoint's jobs is still STAGED: the backlog is on the queue. */
    private void awaitQueued(Path folder, int count) throws Exception {
        if (count == 0) {
            return;
        }
        Instant deadline = Instant.now().plus(Duration.ofMinutes(5));
        while (Instant.now().isBefore(deadline)) {
            List<JsonObject> jobs = api.get("jobs?limit=10000&endpoint=" + name(folder)).array().getValuesAs(JsonObject.class);
            if (jobs.size() >= count && jobs.stream().noneMatch(job -> "STAGED".equals(job.getString("state")))) {
                return;
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException(count + " files of " + folder + " were not queued within 5 minutes");
    }

    private static String name(Path folder) {
        return folder.getFileName().toString();
    }

    private static Instant finished(JsonObject job) {
        return Instant.parse(job.getString("finishedAt"));
    }

    private void expect(int status, Reply reply) {
        if (reply.status() != status) {
            throw new IllegalStateException("expected " + status + ": " + reply);
        }
    }
}
