package dev.conveyor.bench;

import dev.conveyor.client.BackOffLoop;
import dev.conveyor.client.ConveyorClient;
import dev.conveyor.client.ConveyorClientException;
import dev.conveyor.client.JobInput;
import dev.conveyor.client.QueueFullException;
import dev.conveyor.client.QueueThresholdExceededException;
import dev.conveyor.client.Submission;
import dev.conveyor.stack.Stack;
import dev.conveyor.web.testing.ApiClient;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Overload through the client library: first the sustainable rate is measured (see
 * {@link #sustainableRate}), then producers offer FACTOR times that rate to another endpoint for
 * SECONDS seconds, without backing off: a refused job (QueueFullException) is counted and not put
 * again. Afterwards every accepted job must complete. Prints the rate offered against the target,
 * accepted, refused, completed, lost (accepted and never completed: must be 0), the application
 * server's peak heap (MicroProfile Metrics, sampled every 500 ms), and the time from the start of
 * the overload to the first threshold warning (as the producer saw it and as the server logged
 * CNV-7001-W).
 *
 * <p>Every job is the example operation {@code text.uppercase} holding its worker for JOB_MS
 * (default 400 ms: at most 10 jobs/s on 4 workers), so the sustainable rate is the operation's, and
 * ten times it stays within the answers a put waits for (about 100 a second on 2 loaded cores);
 * with a job as cheap as a copy, the producers could offer only a few times the sustainable rate.
 */
public final class OverloadBenchmark {

    private static final int PRODUCERS = 64;
    private static final int DOCUMENT_BYTES = 1024;
    private static final int MAX_QUEUE_SIZE = 500;
    /** Below the threshold of MAX_QUEUE_SIZE: the calibration's back-off loop must never wait for an endpoint that does not scan yet. */
    private static final int CALIBRATION_JOBS = 300;

    public static void main(String[] args) throws Exception {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 60;
        int factor = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        long jobMillis = args.length > 2 ? Long.parseLong(args[2]) : 400;
        Stack stack = Stack.fromBuild("bench-password");
        EndToEndBenchmark.deleteTree(stack.var());
        stack.installOperation(Measures.exampleOperation());
        System.out.println(Measures.machine());
        try (Stack running = stack.start()) {
            ApiClient api = running.api();
            HeapSampler heap = new HeapSampler();
            heap.start();
            // flow-calibrate scans once at creation and then not for an hour, until the calibration starts it.
            for (String name : List.of("flow-calibrate", "flow-overload")) {
                Measures.createEndpoint(api, "{\"name\":\"" + name + "\",\"path\":\"" + name + "\"," + Measures.uppercaseTaking(jobMillis)
                        + ",\"repeatInterval\":" + (name.equals("flow-calibrate") ? 3600 : 1)
                        + ",\"batchSize\":500,\"preserveFolder\":\"\",\"maxQueueSize\":" + MAX_QUEUE_SIZE + "}");
            }
            Thread.sleep(2000);
            ConveyorClient client = running.client();
            double sustainable = sustainableRate(client, running, api);
            double offered = factor * sustainable;
            System.out.printf("sustainable rate: %.1f jobs/s (text.uppercase jobs of %d ms on %d-byte documents, maxQueueSize %d);"
                    + " offering %d x = %.1f jobs/s for %d s%n", sustainable, jobMillis, DOCUMENT_BYTES, MAX_QUEUE_SIZE, factor, offered, seconds);

            Overload overload = new Overload(client, "flow-overload", offered, Duration.ofSeconds(seconds));
            overload.run();
            Path results = running.folders().resolve("flow-overload").resolve("result");
            Instant drainDeadline = Instant.now().plus(Duration.ofMinutes(10));
            while (!namesUnder(results).containsAll(overload.accepted) && Instant.now().isBefore(drainDeadline)) {
                Thread.sleep(500);
            }
            Set<String> completed = namesUnder(results);
            heap.stop();
            Set<String> failed = namesUnder(running.folders().resolve("flow-overload").resolve("failure"));
            long completedAccepted = overload.accepted.stream().filter(completed::contains).count();
            long lost = overload.accepted.stream().filter(name -> !completed.contains(name) && !failed.contains(name)).count();
            Optional<Instant> serverWarning = firstThresholdWarning(running.serverLog(), "flow-overload");

            double offeredRate = overload.offered.get() / overload.seconds;
            System.out.printf("offered: %d puts in %.1f s (%.1f/s = %.1f x the sustainable rate; target %.1f/s = %d x)%n",
                    overload.offered.get(), overload.seconds, offeredRate, offeredRate / sustainable, offered, factor);
            System.out.printf("accepted: %d (of which %d with the threshold warning)%n", overload.accepted.size(), overload.atThreshold.get());
            System.out.printf("refused: %d (QueueFullException: not taken, the producer keeps the job)%n", overload.refused.get());
            System.out.printf("completed: %d, failed: %d, lost: %d%n", completedAccepted, failed.size(), lost);
            System.out.printf("other errors: %d%n", overload.errors.get());
            System.out.printf("application server peak heap: %s%n", heap.peak() < 0 ? "unavailable (no /metrics)"
                    : String.format("%.1f MiB", heap.peak() / (1024.0 * 1024)));
            System.out.printf("overload to first threshold warning: producer %s, server log (CNV-7001-W) %s%n",
                    overload.firstThreshold.get() == null ? "none" : Duration.between(overload.start, overload.firstThreshold.get()).toMillis() + " ms",
                    serverWarning.filter(at -> at.isAfter(overload.start)).map(at -> Duration.between(overload.start, at).toMillis() + " ms")
                            .orElse("none"));
            System.out.println(lost == 0 ? "verdict: PASS (no accepted job lost)" : "verdict: FAIL (" + lost + " accepted jobs lost)");
            if (lost != 0) {
                System.exit(1);
            }
        }
    }

    /**
     * The rate the stack sustains, the lower of two capacities measured separately: how fast the
     * producers' puts are answered (CALIBRATION_JOBS put into flow-calibrate while it does not
     * scan, so they wait STAGED), and how fast those jobs are then run and written once it scans
     * every second.
     */
    private static double sustainableRate(ConveyorClient client, Stack stack, ApiClient api) throws Exception {
        Path results = stack.folders().resolve("flow-calibrate").resolve("result");
        Instant start = Instant.now();
        long accepted = backingOff(client, CALIBRATION_JOBS);
        double putRate = accepted / (Duration.between(start, Instant.now()).toMillis() / 1000.0);
        Instant scanning = Instant.now();
        if (api.put("endpoints/flow-calibrate", "{\"repeatInterval\":1}").status() != 200) {
            throw new IllegalStateException("cannot start scanning flow-calibrate");
        }
        awaitResults(results, accepted);
        double runRate = accepted / (Duration.between(scanning, Instant.now()).toMillis() / 1000.0);
        System.out.printf("calibration: %d jobs put at %.1f/s (%d producers, the seed's back-off loop), then run and written at %.1f/s%n",
                accepted, putRate, PRODUCERS, runRate);
        return Math.min(putRate, runRate);
    }

    /** Producers putting {@code jobs} documents to flow-calibrate with the seed's back-off loop; returns how many were accepted. */
    private static long backingOff(ConveyorClient client, int jobs) throws InterruptedException {
        AtomicLong sequence = new AtomicLong();
        AtomicLong accepted = new AtomicLong();
        List<Thread> producers = new ArrayList<>();
        for (int p = 0; p < PRODUCERS; p++) {
            producers.add(started(false, () -> {
                try (JobInput input = client.openInput("flow-calibrate")) {
                    BackOffLoop loop = new BackOffLoop(50, 100);
                    List<Submission> mine = new ArrayList<>();
                    for (long n = sequence.incrementAndGet(); n <= jobs; n = sequence.incrementAndGet()) {
                        mine.add(document("c-" + n));
                    }
                    accepted.addAndGet(loop.putAll(input, mine).size());
                } catch (ConveyorClientException | InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }));
        }
        for (Thread producer : producers) {
            producer.join();
        }
        return accepted.get();
    }

    private static void awaitResults(Path results, long expected) throws IOException, InterruptedException {
        Instant deadline = Instant.now().plus(Duration.ofMinutes(10));
        while (namesUnder(results).size() < expected) {
            if (Instant.now().isAfter(deadline)) {
                throw new IllegalStateException("fewer than " + expected + " results in " + results + " after 10 minutes");
            }
            Thread.sleep(200);
        }
    }

    /** A text document of DOCUMENT_BYTES, named and filled after {@code name}. */
    private static Submission document(String name) {
        String line = name + " is a line of text for text.uppercase\n";
        return Submission.document(name + ".txt", line.repeat(DOCUMENT_BYTES / line.length() + 1).substring(0, DOCUMENT_BYTES)
                .getBytes(StandardCharsets.US_ASCII));
    }

    /** Producers putting at a fixed total rate, each from its own input, never backing off. */
    private static final class Overload {
        final ConveyorClient client;
        final String endpoint;
        final double rate;
        final Duration length;
        final Set<String> accepted = ConcurrentHashMap.newKeySet();
        final AtomicLong offered = new AtomicLong();
        final AtomicLong atThreshold = new AtomicLong();
        final AtomicLong refused = new AtomicLong();
        final AtomicLong errors = new AtomicLong();
        final AtomicReference<Instant> firstThreshold = new AtomicReference<>();
        Instant start;
        /** How long the producers actually put: the last answers may come after the time is up. */
        double seconds;

        Overload(ConveyorClient client, String endpoint, double rate, Duration length) {
            this.client = client;
            this.endpoint = endpoint;
            this.rate = rate;
            this.length = length;
        }

        void run() throws Exception {
            List<JobInput> inputs = new ArrayList<>();
            for (int p = 0; p < PRODUCERS; p++) {
                inputs.add(client.openInput(endpoint));
            }
            long intervalNanos = (long) (1e9 * PRODUCERS / rate);
            start = Instant.now();
            long startNanos = System.nanoTime();
            long endNanos = startNanos + length.toNanos();
            List<Thread> producers = new ArrayList<>();
            for (int p = 0; p < PRODUCERS; p++) {
                JobInput input = inputs.get(p);
                int producer = p;
                producers.add(started(false, () -> {
                    // Each producer keeps its share of the rate; one that falls behind (its puts wait
                    // for answers) puts back to back until the time is up.
                    long next = startNanos + producer * intervalNanos / PRODUCERS;
                    for (long n = 0; System.nanoTime() < endNanos; n++, next += intervalNanos) {
                        long wait = next - System.nanoTime();
                        if (wait > 0) {
                            sleepNanos(Math.min(wait, endNanos - System.nanoTime()));
                        }
                        if (System.nanoTime() < endNanos) {
                            put(input, "o-" + producer + "-" + n);
                        }
                    }
                }));
            }
            for (Thread producer : producers) {
                producer.join();
            }
            seconds = Duration.between(start, Instant.now()).toMillis() / 1000.0;
            inputs.forEach(JobInput::close);
        }

        private void put(JobInput input, String name) {
            offered.incrementAndGet();
            Submission job = document(name);
            try {
                input.put(job);
                accepted.add(job.fileName());
            } catch (QueueThresholdExceededException warning) {
                accepted.add(job.fileName());
                atThreshold.incrementAndGet();
                firstThreshold.compareAndSet(null, Instant.now());
            } catch (QueueFullException full) {
                refused.incrementAndGet();
            } catch (ConveyorClientException e) {
                errors.incrementAndGet();
            }
        }

        private static void sleepNanos(long nanos) {
            try {
                Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Samples the server's used heap from MicroProfile Metrics (/metrics) and keeps the peak. */
    private static final class HeapSampler {
        private final HttpClient http = HttpClient.newHttpClient();
        private final URI metrics = URI.create("http://127.0.0.1:" + System.getenv().getOrDefault("CONVEYOR_HTTP_PORT", "8080") + "/metrics");
        private final AtomicLong peak = new AtomicLong(-1);
        private volatile boolean running = true;
        private Thread thread;

        void start() {
            thread = started(true, () -> {
                while (running) {
                    sample();
                    try {
                        Thread.sleep(500);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
        }

        private void sample() {
            try {
                String body = http.send(HttpRequest.newBuilder(metrics).header("Accept", "text/plain").build(),
                        HttpResponse.BodyHandlers.ofString()).body();
                body.lines().filter(line -> line.startsWith("memory_usedHeap_bytes") || line.startsWith("base_memory_usedHeap_bytes"))
                        .findFirst()
                        .map(line -> (long) Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
                        .ifPresent(used -> peak.accumulateAndGet(used, Math::max));
            } catch (IOException | RuntimeException e) {
                // A sample missed while the server is busy is just a missed sample.
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        void stop() throws InterruptedException {
            running = false;
            thread.interrupt();
            thread.join();
        }

        long peak() {
            return peak.get();
        }
    }

    private static Thread started(boolean daemon, Runnable work) {
        Thread thread = new Thread(work);
        thread.setDaemon(daemon);
        thread.start();
        return thread;
    }

    private static Set<String> namesUnder(Path root) throws IOException {
        if (Files.notExists(root)) {
            return Set.of();
        }
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(Files::isRegularFile).map(path -> path.getFileName().toString()).collect(Collectors.toSet());
        }
    }

    /** When the server first logged CNV-7001-W for the endpoint, from the log line's timestamp. */
    private static Optional<Instant> firstThresholdWarning(Path log, String endpoint) throws IOException {
        try (Stream<String> lines = Files.lines(log)) {
            return lines.filter(line -> line.contains("CNV-7001-W") && line.contains("'" + endpoint + "'") && line.startsWith("["))
                    .findFirst()
                    .map(line -> java.time.OffsetDateTime.parse(line.substring(1, line.indexOf(']')),
                            java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ")).toInstant());
        }
    }
}
