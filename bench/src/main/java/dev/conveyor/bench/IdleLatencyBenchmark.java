package dev.conveyor.bench;

import dev.conveyor.stack.Stack;
import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Drop-to-result on an idle endpoint: one file moved in as soon as the endpoint is created, timed on
 * its own (the stack's first job), then files moved one at a time, a random 100 to 500 ms apart,
 * into an asynchronous copy endpoint (repeatInterval 1 s), whatever is still in progress; a
 * thread of the bench looks for each result every 2 ms and the percentiles of the time from the
 * move to the result appearing are printed. Then files written in place, in chunks with pauses
 * of 200 ms between them (four times the gap between two looks at a file moved in, shorter than
 * the scan interval): any result shorter than its file was taken half-done, and is counted.
 */
public final class IdleLatencyBenchmark {

    private static final long WATCH_MILLIS = 2;
    private static final int WRITTEN_IN_PLACE = 20;
    private static final int CHUNKS = 8;
    /** Four times the 50 ms between two looks at a file moved in: a writer in place is given most of a scan interval. */
    private static final long CHUNK_PAUSE_MILLIS = 200;
    private static final int SLOWEST_SHOWN = 8;

    public static void main(String[] args) throws Exception {
        int files = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        int size = args.length > 1 ? Integer.parseInt(args[1]) : 1024;
        Stack stack = Stack.fromBuild("bench-password");
        EndToEndBenchmark.deleteTree(stack.var());
        System.out.println(Measures.machine());
        System.out.printf("load: %d files of %d bytes, one at a time, 100-500 ms apart, into an idle asynchronous copy endpoint"
                + " (repeatInterval 1 s); result watched every %d ms%n", files, size, WATCH_MILLIS);
        List<Long> latencies;
        try (Stack running = stack.start()) {
            Path folder = Measures.createEndpoint(running.api(), "{\"name\":\"idle\",\"path\":\"idle\",\"operationName\":\"copy\","
                    + "\"repeatInterval\":1,\"batchSize\":1000,\"asynchronous\":true,\"resultFolder\":\"result/\"}");
            List<Path> incoming = Measures.randomFiles(Files.createDirectories(running.var().resolve("incoming-idle")), files, size);
            ResultWatch watch = new ResultWatch(folder.resolve("result"));
            Thread watcher = new Thread(watch, "result-watch");
            watcher.start();
            // The stack's very first job pays its start-up (classes loaded, pools filled): told apart from the idle drops.
            Path first = Files.write(running.var().resolve("first.bin"), new byte[size]);
            watch.expect("first.bin");
            Files.move(first, folder.resolve("first.bin"), StandardCopyOption.ATOMIC_MOVE);
            System.out.printf("the stack's first job, moved in as soon as the endpoint was created: drop to result %d ms%n",
                    watch.awaitAll(1).get(0));
            Random pauses = new Random(11);
            for (Path file : incoming) {
                watch.expect(file.getFileName().toString());
                Files.move(file, folder.resolve(file.getFileName()), StandardCopyOption.ATOMIC_MOVE);
                Thread.sleep(100 + pauses.nextInt(401));
            }
            latencies = watch.awaitAll(files);
            latencies.sort(null);
            System.out.printf("drop to result, %d files: p50 %d ms, p90 %d ms, p99 %d ms, max %d ms%n", files,
                    Measures.percentile(latencies, 50), Measures.percentile(latencies, 90), Measures.percentile(latencies, 99),
                    latencies.get(latencies.size() - 1));
            printSteps(Measures.succeeded(running.api(), "idle", files), watch);
            writeInPlace(folder, watch, size);
            watcher.interrupt();
        }
    }

    /**
     * Splits each drop's time by the job's own timestamps (same machine, same clock): the move to
     * the claim (createdAt), the claim to the start, the start to the finish, and the finish to
     * the bench seeing the result. The median of each step, then the slowest drops one by one with
     * the second of the run they came in, which tells a cold start from a step that is slow.
     */
    private static void printSteps(List<JsonObject> jobs, ResultWatch watch) {
        List<long[]> steps = new ArrayList<>();
        for (JsonObject job : jobs) {
            Drop drop = watch.drops.get(job.getString("source"));
            long claimed = Instant.parse(job.getString("createdAt")).toEpochMilli();
            long started = Instant.parse(job.getString("startedAt")).toEpochMilli();
            long finished = Instant.parse(job.getString("finishedAt")).toEpochMilli();
            steps.add(new long[] {drop.latencyMillis, claimed - drop.epochMillis, started - claimed, finished - started,
                    drop.epochMillis + drop.latencyMillis - finished, drop.epochMillis - watch.firstDropMillis});
        }
        String[] names = {"move to claim", "claim to start", "start to finish", "finish to seen"};
        StringBuilder medians = new StringBuilder("median by step:");
        for (int step = 1; step <= names.length; step++) {
            int column = step;
            List<Long> values = new ArrayList<>(steps.stream().map(s -> s[column]).sorted().toList());
            medians.append(String.format(" %s %d ms,", names[step - 1], Measures.percentile(values, 50)));
        }
        System.out.println(medians.substring(0, medians.length() - 1));
        steps.sort((a, b) -> Long.compare(b[0], a[0]));
        for (long[] slow : steps.subList(0, Math.min(SLOWEST_SHOWN, steps.size()))) {
            System.out.printf("  slow: %d ms at second %.1f of the run: move to claim %d, claim to start %d, start to finish %d,"
                    + " finish to seen %d%n", slow[0], slow[5] / 1000.0, slow[1], slow[2], slow[3], slow[4]);
        }
    }

    /** Files written straight into the watched folder, a chunk at a time: none may be taken before its last chunk. */
    private static void writeInPlace(Path folder, ResultWatch watch, int size) throws Exception {
        int chunk = Math.max(1, size / CHUNKS);
        Random content = new Random(12);
        for (int i = 0; i < WRITTEN_IN_PLACE; i++) {
            String name = "written-" + i + ".bin";
            watch.expect(name);
            try (var out = Files.newOutputStream(folder.resolve(name))) {
                for (int c = 0; c < CHUNKS; c++) {
                    byte[] bytes = new byte[chunk];
                    content.nextBytes(bytes);
                    out.write(bytes);
                    out.flush();
                    Thread.sleep(CHUNK_PAUSE_MILLIS);
                }
            }
            Thread.sleep(100);
        }
        List<Long> latencies = watch.awaitAll(WRITTEN_IN_PLACE);
        long halfDone = 0;
        for (int i = 0; i < WRITTEN_IN_PLACE; i++) {
            halfDone += Files.size(folder.resolve("result").resolve("written-" + i + ".bin")) < (long) chunk * CHUNKS ? 1 : 0;
        }
        latencies.sort(null);
        System.out.printf("written in place, %d files of %d chunks %d ms apart: %d taken half-done; from the first byte to the result"
                        + " p50 %d ms, p99 %d ms%n", WRITTEN_IN_PLACE, CHUNKS, CHUNK_PAUSE_MILLIS, halfDone,
                Measures.percentile(latencies, 50), Measures.percentile(latencies, 99));
    }

    private static final class Drop {
        final long epochMillis;
        volatile long latencyMillis;

        Drop(long epochMillis) {
            this.epochMillis = epochMillis;
        }
    }

    /** Looks for the expected results every few ms and notes when each appeared. */
    private static final class ResultWatch implements Runnable {

        private final Path result;
        private final Map<String, Long> pending = new ConcurrentHashMap<>();
        /** Every file moved in, by name: when (wall clock, to compare with the job's timestamps) and how long to its result. */
        private final Map<String, Drop> drops = new ConcurrentHashMap<>();
        private volatile long firstDropMillis;
        private final List<Long> latencies = Collections.synchronizedList(new ArrayList<>());

        ResultWatch(Path result) {
            this.result = result;
        }

        /** Called just before the file is moved in: the time its latency is counted from. */
        void expect(String name) {
            long now = System.currentTimeMillis();
            if (drops.isEmpty()) {
                firstDropMillis = now;
            }
            drops.put(name, new Drop(now));
            pending.put(name, System.nanoTime());
        }

        @Override
        public void run() {
            try {
                while (!Thread.currentThread().isInterrupted()) {
                    for (Map.Entry<String, Long> file : pending.entrySet()) {
                        if (Files.exists(result.resolve(file.getKey()))) {
                            long latency = (System.nanoTime() - file.getValue()) / 1_000_000;
                            latencies.add(latency);
                            drops.get(file.getKey()).latencyMillis = latency;
                            pending.remove(file.getKey());
                        }
                    }
                    Thread.sleep(WATCH_MILLIS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        /** Waits for {@code count} results and hands over their latencies, so that the next wait counts afresh. */
        List<Long> awaitAll(int count) throws InterruptedException {
            long deadline = System.nanoTime() + 120_000_000_000L;
            while (latencies.size() < count) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException(pending.size() + " results did not appear within 2 minutes: " + pending.keySet());
                }
                Thread.sleep(50);
            }
            synchronized (latencies) {
                List<Long> taken = new ArrayList<>(latencies);
                latencies.clear();
                return taken;
            }
        }
    }
}
