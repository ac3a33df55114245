package dev.conveyor.stack;

import static dev.conveyor.stack.Drops.awaitFinished;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.web.testing.ApiClient.Reply;
import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Black-box: a low bucket keeps its share of the workers while higher work keeps arriving. High
 * files arrive faster than the workers can take them, so higher work waits throughout however
 * fast this machine is; the low bucket's part of the jobs finished in that time must be within a
 * few points of its share. Shares count worker turns, and a turn is one dispatched chunk: jobs of
 * 300 ms make every chunk one job (a chunk holds about half a second of work, and two such jobs
 * are more), so here jobs and turns are the same count. A first job teaches the node the endpoint's job time before the
 * backlog is cut into chunks.
 */
class SharesStackIT extends OnSharedStack {

    private static final int LOW_SHARE = 20;
    private static final int LOW_BACKLOG = 150;
    private static final int HIGH_WAVES = 9;
    private static final int HIGH_WAVE = 30;
    /**
     * Points the measured share may be off its setting. A share of 20 is lent by a random draw per
     * delivery, which alone varies the low part of about 300 jobs by 1.8 points (standard
     * deviation); runs on a loaded 2-core machine measured 17.1% to 24.3%. Tighter needs a longer
     * run: docs/priority.md says why 8.
     */
    private static final double TOLERANCE = 8;

    private static String rule(String json) {
        Reply created = api.post("priority-rules", json);
        assertEquals(201, created.status(), created::toString);
        return created.object().getString("id");
    }

    private static long queuedIn(String bucket) {
        return api.get("priority-rules/stats").array().getValuesAs(JsonObject.class).stream()
                .filter(stats -> stats.getString("bucket").equals(bucket))
                .mapToLong(stats -> stats.getJsonNumber("queued").longValue()).sum();
    }

    private static void dropAtOnce(Path folder, String prefix, String extension, int count) throws Exception {
        Path incoming = Files.createDirectories(stack.var().resolve("incoming-shares"));
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            files.add(Files.writeString(incoming.resolve(prefix + "-" + i + "." + extension), prefix + " " + i));
        }
        for (Path file : files) {
            Files.move(file, folder.resolve(file.getFileName()), StandardCopyOption.ATOMIC_MOVE);
        }
    }

    private static Instant finished(JsonObject job) {
        return Instant.parse(job.getString("finishedAt"));
    }

    @Test
    void theLowBucketGetsItsShareWhileHigherWorkKeepsArriving() throws Exception {
        String high = rule("{\"name\":\"shares-high\",\"rank\":1,\"expression\":\"endpoint == 'shares' and file.extension == 'hi'\","
                + "\"jmsPriority\":9}");
        String low = rule("{\"name\":\"shares-low\",\"rank\":2,\"expression\":\"endpoint == 'shares'\",\"jmsPriority\":1,"
                + "\"share\":" + LOW_SHARE + "}");
        try {
            Path folder = Drops.endpoint(api, "shares", "text.uppercase", "\"batchSize\":" + LOW_BACKLOG
                    + ",\"inputParameterMappings\":{\"delayMillis\":{\"type\":\"literal\",\"value\":\"300\"}}");
            dropAtOnce(folder, "first", "lo", 1);
            awaitFinished(api, "shares", 1);
            dropAtOnce(folder, "bulk", "lo", LOW_BACKLOG);
            Instant deadline = Instant.now().plus(Duration.ofMinutes(3));
            while (queuedIn("shares-low") < LOW_BACKLOG / 2) {
                assertTrue(Instant.now().isBefore(deadline), "the low backlog was not queued");
                Thread.sleep(100);
            }
            // High files arrive faster than 4 workers of 300 ms jobs can take them, on any machine.
            for (int wave = 0; wave < HIGH_WAVES; wave++) {
                dropAtOnce(folder, "urgent-" + wave, "hi", HIGH_WAVE);
                Thread.sleep(500);
            }
            List<JsonObject> jobs = awaitFinished(api, "shares", 1 + LOW_BACKLOG + HIGH_WAVES * HIGH_WAVE, Duration.ofMinutes(10));
            assertTrue(jobs.stream().allMatch(job -> "SUCCEEDED".equals(job.getString("state"))), "every job succeeded");

            // The window: from the 10th high job's finish to the finish of the one 20 before the last, so that
            // high jobs were waiting all through it (4 workers never empty a queue of 20 between two looks).
            List<Instant> highFinishes = jobs.stream().filter(job -> job.getString("bucket").equals("shares-high"))
                    .map(SharesStackIT::finished).sorted().toList();
            assertEquals(HIGH_WAVES * HIGH_WAVE, highFinishes.size());
            Instant from = highFinishes.get(10);
            Instant to = highFinishes.get(highFinishes.size() - 21);
            List<JsonObject> inWindow = jobs.stream().filter(job -> !finished(job).isBefore(from) && !finished(job).isAfter(to)).toList();
            long lowInWindow = inWindow.stream().filter(job -> job.getString("bucket").equals("shares-low")).count();
            double lowShare = 100.0 * lowInWindow / inWindow.size();
            System.out.printf("SharesStackIT: low bucket %.1f%% (%d of %d jobs finished while high jobs waited), share %d%%%n",
                    lowShare, lowInWindow, inWindow.size(), LOW_SHARE);
            assertTrue(inWindow.size() >= 250, "a few hundred jobs in the window, had " + inWindow.size());
            assertTrue(Math.abs(lowShare - LOW_SHARE) <= TOLERANCE,
                    String.format("the low bucket had %.1f%% of the jobs (%d of %d), its share is %d%%", lowShare, lowInWindow,
                            inWindow.size(), LOW_SHARE));
        } finally {
            assertEquals(204, api.delete("priority-rules/" + low).status());
            assertEquals(204, api.delete("priority-rules/" + high).status());
        }
    }
}
