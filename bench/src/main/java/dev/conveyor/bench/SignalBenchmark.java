package dev.conveyor.bench;

import dev.conveyor.stack.Stack;
import dev.conveyor.web.testing.ApiClient;
import dev.conveyor.web.testing.ApiClient.Reply;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSProducer;
import jakarta.jms.Queue;
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
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * Release signals on the real stack: notifies per second through the admin API (8 clients) and
 * through the signal queue (one producer), then, with WAITING jobs parked on as many signal ids,
 * the release latency from a signal sent to its job no longer waiting, over REST and over JMS.
 */
public final class SignalBenchmark {

    private static final int CLIENTS = 8;
    private static final int IDS = 100;
    private static final int SAMPLES = 200;

    public static void main(String[] args) throws Exception {
        int waiting = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
        int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        Stack stack = Stack.fromBuild("bench-password");
        EndToEndBenchmark.deleteTree(stack.var());
        System.out.println(Measures.machine());
        try (Stack running = stack.start();
             JMSContext jms = running.broker("producer")) {
            ApiClient api = running.api();
            double rest = restNotifiesPerSecond(api, seconds);
            double queue = jmsNotifiesPerSecond(api, jms, seconds);
            System.out.printf("notifies/s: REST %.0f (%d clients), JMS %.0f (one producer)%n", rest, CLIENTS, queue);

            Map<String, String> jobBySignal = park(running, api, waiting);
            List<String> signals = new ArrayList<>(jobBySignal.keySet());
            List<Long> restLatency = releaseLatencies(api, signals.subList(0, SAMPLES), jobBySignal,
                    signal -> check(api.post("signals/" + signal, "{}")));
            JMSProducer producer = jms.createProducer();
            Queue signalQueue = jms.createQueue("conveyor.signals");
            List<Long> jmsLatency = releaseLatencies(api, signals.subList(SAMPLES, 2 * SAMPLES), jobBySignal,
                    signal -> producer.setProperty("signalId", signal).send(signalQueue, "{}"));
            System.out.printf("release latency with %d waiting jobs (signal sent -> job no longer WAITING, %d samples each):%n",
                    waiting, SAMPLES);
            System.out.printf("  %-5s p50 %6.1f ms   p99 %6.1f ms%n", "REST", millis(restLatency, 50), millis(restLatency, 99));
            System.out.printf("  %-5s p50 %6.1f ms   p99 %6.1f ms%n", "JMS", millis(jmsLatency, 50), millis(jmsLatency, 99));
        }
    }

    private static double restNotifiesPerSecond(ApiClient api, int seconds) throws Exception {
        AtomicBoolean running = new AtomicBoolean(true);
        ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
        List<Future<Integer>> counts = new ArrayList<>();
        for (int client = 0; client < CLIENTS; client++) {
            int first = client;
            counts.add(clients.submit(() -> {
                int sent = 0;
                while (running.get()) {
                    check(api.post("signals/rest-" + ((first + sent * CLIENTS) % IDS), "{}"));
                    sent++;
                }
                return sent;
            }));
        }
        Instant start = Instant.now();
        Thread.sleep(seconds * 1000L);
        running.set(false);
        int total = 0;
        for (Future<Integer> count : counts) {
            total += count.get();
        }
        double elapsed = Duration.between(start, Instant.now()).toMillis() / 1000.0;
        clients.shutdown();
        long counted = countedOver(api, "rest-");
        if (counted != total) {
            throw new IllegalStateException("sent " + total + " notifies over REST, the store counted " + counted);
        }
        return total / elapsed;
    }

    /** Sends for {@code seconds}, then waits until the store has counted every message. */
    private static double jmsNotifiesPerSecond(ApiClient api, JMSContext jms, int seconds) throws InterruptedException {
        JMSProducer producer = jms.createProducer();
        Queue queue = jms.createQueue("conveyor.signals");
        Instant start = Instant.now();
        Instant stopSending = start.plusSeconds(seconds);
        int sent = 0;
        while (Instant.now().isBefore(stopSending)) {
            producer.setProperty("signalId", "jms-" + (sent % IDS)).send(queue, "{}");
            sent++;
        }
        while (countedOver(api, "jms-") < sent) {
            Thread.sleep(200);
        }
        return sent / (Duration.between(start, Instant.now()).toMillis() / 1000.0);
    }

    private static long countedOver(ApiClient api, String prefix) {
        long total = 0;
        for (int id = 0; id < IDS; id++) {
            Reply signal = api.get("signals/" + prefix + id);
            total += signal.status() == 200 ? signal.object().getJsonNumber("total").longValue() : 0;
        }
        return total;
    }

    /** Drops {@code count} files into a waiting endpoint and waits until all wait; returns job ids by signal id. */
    private static Map<String, String> park(Stack stack, ApiClient api, int count) throws Exception {
        Path folder = Measures.createEndpoint(api, "{\"name\":\"parked\",\"path\":\"parked\",\"operationName\":\"copy\","
                + "\"repeatInterval\":1,\"batchSize\":1000,"
                + "\"wait\":{\"releaseSignalId\":\"${file.baseName}\",\"expirationDuration\":\"2 h\"}}");
        Path incoming = Files.createDirectories(stack.var().resolve("incoming-parked"));
        for (int i = 0; i < count; i++) {
            Files.write(incoming.resolve("w" + i + ".txt"), new byte[] {'w'});
        }
        Instant start = Instant.now();
        for (int i = 0; i < count; i++) {
            Files.move(incoming.resolve("w" + i + ".txt"), folder.resolve("w" + i + ".txt"), StandardCopyOption.ATOMIC_MOVE);
        }
        List<JsonObject> jobs = List.of();
        while (jobs.size() < count) {
            Thread.sleep(1000);
            jobs = api.get("jobs?endpoint=parked&state=WAITING&limit=" + count).array().getValuesAs(JsonObject.class);
        }
        System.out.printf("parked %d jobs in %.1f s%n", count, Duration.between(start, Instant.now()).toMillis() / 1000.0);
        Map<String, String> jobBySignal = new HashMap<>();
        jobs.forEach(job -> jobBySignal.put(job.getJsonObject("attributes").getString("file.baseName"), job.getString("id")));
        return jobBySignal;
    }

    /** Per signal: send it, then read its job until it has left WAITING; nanoseconds. */
    private static List<Long> releaseLatencies(ApiClient api, List<String> signals, Map<String, String> jobBySignal,
                                               Consumer<String> send) {
        List<Long> latencies = new ArrayList<>();
        for (String signal : signals) {
            long start = System.nanoTime();
            send.accept(signal);
            while ("WAITING".equals(api.get("jobs/" + jobBySignal.get(signal)).object().getString("state"))) {
                Thread.onSpinWait();
            }
            latencies.add(System.nanoTime() - start);
        }
        latencies.sort(null);
        return latencies;
    }

    private static double millis(List<Long> sortedNanos, int percent) {
        return Measures.percentile(sortedNanos, percent) / 1_000_000.0;
    }

    private static void check(Reply reply) {
        if (reply.status() != 200) {
            throw new IllegalStateException("notify refused: " + reply);
        }
    }
}
