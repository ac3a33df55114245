package dev.conveyor.stack;

import static dev.conveyor.stack.Drops.awaitFinished;
import static dev.conveyor.stack.Drops.drop;
import static dev.conveyor.stack.Drops.finishedAt;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.web.testing.ApiClient;
import dev.conveyor.web.testing.ApiClient.Reply;
import jakarta.json.JsonObject;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/** Black-box: priority rules through the admin API, and high-priority jobs overtaking a queued backlog. */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PriorityStackIT extends OnSharedStack {

    private static final int BACKLOG = 500;
    private static final int URGENT = 20;
    /** How long each job holds its worker: the backlog takes about 500 x 100 ms / 4 workers. */
    private static final String JOB_MILLIS = "100";

    private static JsonObject createRule(String json) {
        Reply created = api.post("priority-rules", json);
        assertEquals(201, created.status(), created::toString);
        return created.object();
    }

    @Test
    @Order(1)
    void rulesAreCheckedRankedAndReordered() {
        Reply unparsable = api.post("priority-rules", "{\"name\":\"broken\",\"expression\":\"file.size >\",\"jmsPriority\":5}");
        assertEquals(400, unparsable.status(), unparsable::toString);
        assertEquals("expression", unparsable.object().getString("field"));
        assertTrue(unparsable.object().getString("message").contains("file.size >"), unparsable::toString);
        Reply notBoolean = api.post("priority-rules", "{\"name\":\"broken\",\"expression\":\"file.name\",\"jmsPriority\":5}");
        assertEquals(400, notBoolean.status(), notBoolean::toString);
        Reply badPriority = api.post("priority-rules", "{\"name\":\"broken\",\"expression\":\"true\",\"jmsPriority\":10}");
        assertEquals("jmsPriority", badPriority.object().getString("field"), badPriority::toString);

        JsonObject low = createRule("{\"name\":\"low\",\"expression\":\"file.extension == 'lo'\",\"jmsPriority\":1,\"share\":20}");
        JsonObject high = createRule("{\"name\":\"high\",\"rank\":1,\"expression\":\"${file.extension == 'hi'}\",\"jmsPriority\":9}");
        assertEquals(1, high.getInt("rank"));
        assertEquals(2, api.get("priority-rules/" + low.getString("id")).object().getInt("rank"), "the new rank 1 pushed low down");
        assertEquals(409, api.post("priority-rules", "{\"name\":\"low\",\"expression\":\"true\",\"jmsPriority\":3}").status());

        Reply reordered = api.put("priority-rules/ranks", "{\"ids\":[\"" + low.getString("id") + "\",\"" + high.getString("id") + "\"]}");
        assertEquals(200, reordered.status(), reordered::toString);
        assertEquals(List.of("low", "high"), names(api.get("priority-rules").array().getValuesAs(JsonObject.class)));
        api.put("priority-rules/ranks", "{\"ids\":[\"" + high.getString("id") + "\",\"" + low.getString("id") + "\"]}");
        assertEquals(List.of("high", "low"), names(api.get("priority-rules").array().getValuesAs(JsonObject.class)));
        assertEquals(400, api.put("priority-rules/ranks", "{\"ids\":[\"" + high.getString("id") + "\"]}").status(),
                "a reorder must name every rule");
        assertEquals(true, api.get("priority-rules/settings").object().getBoolean("enabled"));
    }

    @Test
    @Order(2)
    void twentyHighJobsOvertakeABacklogOfFiveHundredLowOnes() throws Exception {
        Path folder = Drops.queuedBacklog(stack, "mixed", "bulk", BACKLOG, JOB_MILLIS);

        for (int i = 0; i < URGENT; i++) {
            drop(stack, folder, "urgent-" + i + ".hi", ("urgent " + i).getBytes());
        }
        List<JsonObject> jobs = awaitFinished(api, "mixed", BACKLOG + URGENT, Duration.ofMinutes(15));

        Map<String, List<JsonObject>> byBucket = jobs.stream().collect(Collectors.groupingBy(job -> job.getString("bucket")));
        assertEquals(URGENT, byBucket.get("high").size());
        assertEquals(BACKLOG, byBucket.get("low").size());
        assertTrue(jobs.stream().allMatch(job -> "SUCCEEDED".equals(job.getString("state"))), "every job succeeded");
        assertTrue(byBucket.get("high").stream().allMatch(job -> job.getInt("jmsPriority") == 9));
        Instant lastHigh = byBucket.get("high").stream().map(Drops::finishedAt).max(Instant::compareTo).orElseThrow();
        long lowDoneBefore = byBucket.get("low").stream().filter(job -> finishedAt(job).isBefore(lastHigh)).count();
        System.out.printf("PriorityStackIT: the last of %d high jobs finished when %d of %d low jobs were done%n",
                URGENT, lowDoneBefore, BACKLOG);
        assertTrue(lowDoneBefore < BACKLOG / 2, () -> lowDoneBefore + " low jobs finished before the last high one");

        Map<String, JsonObject> stats = api.get("priority-rules/stats").array().getValuesAs(JsonObject.class).stream()
                .collect(Collectors.toMap(bucket -> bucket.getString("bucket"), Function.identity()));
        assertEquals(0, stats.get("low").getInt("queued"), stats::toString);
        assertTrue(stats.get("low").getInt("doneLastMinute") > 0, stats::toString);
        assertTrue(stats.get("low").containsKey("meanWaitMillis"), stats::toString);
        assertEquals(0, stats.get("high").getInt("queued") + stats.get("high").getInt("running"), stats::toString);
    }

    @Test
    @Order(3)
    void reBucketingMovesAQueuedJobAheadAtItsNewPriority() throws Exception {
        int files = 200;
        Drops.queuedBacklog(stack, "later", "later", files, JOB_MILLIS);
        String last = "later-" + (files - 1) + ".lo";
        JsonObject rescue = createRule("{\"name\":\"rescued\",\"rank\":1,\"expression\":\"file.name == '" + last
                + "'\",\"jmsPriority\":8}");

        Reply rebucketed = api.post("priority-rules/rebucket", "");
        assertEquals(200, rebucketed.status(), rebucketed::toString);
        assertEquals(1, rebucketed.object().getInt("rebucketed"), rebucketed::toString);
        List<JsonObject> jobs = awaitFinished(api, "later", files, Duration.ofMinutes(10));

        JsonObject rescued = jobs.stream().filter(job -> job.getString("source").equals(last)).findFirst().orElseThrow();
        assertEquals("rescued", rescued.getString("bucket"));
        assertEquals(8, rescued.getInt("jmsPriority"));
        long before = jobs.stream().filter(job -> finishedAt(job).isBefore(finishedAt(rescued))).count();
        System.out.printf("PriorityStackIT: the re-bucketed job finished after %d of the other %d%n", before, files - 1);
        assertTrue(before < files / 2, () -> before + " jobs finished before the re-bucketed one");
        assertEquals(204, api.delete("priority-rules/" + rescue.getString("id")).status());
    }

    private static List<String> names(List<JsonObject> rules) {
        return rules.stream().map(rule -> rule.getString("name")).toList();
    }
}
