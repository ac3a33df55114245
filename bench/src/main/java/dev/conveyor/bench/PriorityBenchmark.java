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

    /** One throughput round: files per second from the drop to the last finish, and the stack's CPU time per file. */
    private record Round(double filesPerSecond, double cpuMillisPerFile) {
    }

    /** FIFO and rules in one pair of throughput rounds run back to back. */
    private record Pair(Round fifo, Round rules) {

        double rateCost() {
            return 1 - rules.filesPerSecond / fifo.filesPerSecond;
        }

        double cpuCost() {
            return rules.cpuMillisPerFile / fifo.cpuMillisPerFile - 1;
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
        int pairCount = args.length > 2 ? Integer.parseInt(args[2]) : 6;
        Stack stack = Stack.fromBuild("bench-password");
        EndToEndBenchmark.deleteTree(stack.var());
        stack.installOperation(Measures.exampleOperation());
        System.out.println(Measures.machine());
        System.out.printf("load: text.uppercase jobs of %d ms each; endpoints batchSize %d, repeatInterval 1 s; 4 workers%n",
                jobMillis, backlog);
        Map<String, Figures> figures = new HashMap<>();
        List<Pair> mixed;
        List<Pair> oneBucket;
        try (Stack running = stack.start()) {
            PriorityBenchmark bench = new PriorityBenchmark(running, jobMillis, backlog);
            for (String rule : RULES) {
                bench.expect(201, bench.api.post("priority-rules", rule));
            }
            for (String mode : List.of("fifo", "rules")) {
                bench.switchTo(mode);
                figures.put(mode, bench.run(mode));
            }
            mixed = bench.pairs(pairCount, new String[] {"hi", "no", "lo"});
            oneBucket = bench.pairs(Math.max(1, pairCount / 2), new String[] {"no"});
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
        printPairs("total files/s, " + backlog + " files at once, a third per bucket", mixed);
        printPairs("total files/s, " + backlog + " files at once, all normal", oneBucket);
    }

    /**
     * {@code count} pairs of throughput rounds. The machine is shared and the stack warms up, so
     * the pairs alternate FIFO-first and rules-first, and each pair's cost is read on its own:
     * neither a neighbour's burst nor the warm-up favours one mode.
     */
    private List<Pair> pairs(int count, String[] extensions) throws Exception {
        List<Pair> pairs = new ArrayList<>();
        for (int round = 0; round < count; round++) {
            Map<String, Round> rounds = new HashMap<>();
            for (String mode : round % 2 == 0 ? List.of("fifo", "rules") : List.of("rules", "fifo")) {
                switchTo(mode);
                rounds.put(mode, throughput(mode, extensions));
            }
            Pair pair = new Pair(rounds.get("fifo"), rounds.get("rules"));
            System.out.printf("%s: pair %d, FIFO %.1f files/s %.1f CPU ms/file, rules %.1f files/s %.1f CPU ms/file,"
                    + " cost %.1f%% in files/s, %.1f%% in CPU%n", String.join("/", extensions), round + 1,
                    pair.fifo().filesPerSecond(), pair.fifo().cpuMillisPerFile(), pair.rules().filesPerSecond(),
                    pair.rules().cpuMillisPerFile(), 100 * pair.rateCost(), 100 * pair.cpuCost());
            pairs.add(pair);
        }
        return pairs;
    }

    private static void printPairs(String load, List<Pair> pairs) {
        System.out.printf("%-58s %12s %12s%n", load + " (" + pairs.size() + " pairs)",
                rates(pairs.stream().map(pair -> pair.fifo().filesPerSecond()).toList()),
                rates(pairs.stream().map(pair -> pair.rules().filesPerSecond()).toList()));
        System.out.printf("%-58s %12s %12s%n", "  stack CPU ms per file",
                rates(pairs.stream().map(pair -> pair.fifo().cpuMillisPerFile()).toList()),
                rates(pairs.stream().map(pair -> pair.rules().cpuMillisPerFile()).toList()));
        printCost("  rules cost in files/s", pairs.stream().map(Pair::rateCost).toList());
        printCost("  rules cost in stack CPU per file", pairs.stream().map(Pair::cpuCost).toList());
    }

    private static void printCost(String what, List<Double> costs) {
        List<Double> sorted = costs.stream().sorted().toList();
        System.out.printf("%s: median %.1f%%, mean %.1f%% (pairs, sorted: %s)%n", what, 100 * median(sorted),
                100 * sorted.stream().mapToDouble(Double::doubleValue).average().orElseThrow(),
                String.join(" ", sorted.stream().map(cost -> String.format("%.1f%%", 100 * cost)).toList()));
    }

    private static double median(List<Double> sorted) {
        int middle = sorted.size() / 2;
        return sorted.size() % 2 == 1 ? sorted.get(middle) : (sorted.get(middle - 1) + sorted.get(middle)) / 2;
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

    /** {@code backlog} files, the buckets' extensions in turn, dropped at once, until the last has finished. */
    private Round throughput(String mode, String[] extensions) throws Exception {
        Path folder = endpoint(mode);
        Path incoming = Files.createDirectories(stack.var().resolve("incoming"));
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < backlog; i++) {
            files.add(text(incoming.resolve("mixed-" + i + "." + extensions[i % extensions.length])));
        }
        long cpuBefore = Measures.serverCpuMillis(stack.var());
        Instant start = Instant.now();
        for (Path file : files) {
            Files.move(file, folder.resolve(file.getFileName()), StandardCopyOption.ATOMIC_MOVE);
        }
        Instant last = Measures.awaitSucceeded(api, name(folder), backlog).stream().map(PriorityBenchmark::finished)
                .max(Instant::compareTo).orElseThrow();
        long cpu = Measures.serverCpuMillis(stack.var()) - cpuBefore;
        return new Round(backlog / (Duration.between(start, last).toMillis() / 1000.0), (double) cpu / backlog);
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
