package dev.conveyor.stack;

import static dev.conveyor.stack.Drops.awaitFinished;
import static dev.conveyor.stack.Drops.awaitState;
import static dev.conveyor.stack.Drops.drop;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.web.testing.ApiClient.Reply;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Black-box: the job actions the console offers (retry, release, cancel) refused by the API when
 * the job cannot take them, each with its message id and a sentence that says what to do, and
 * nothing changed by the refusal.
 */
class JobActionRefusalsStackIT extends OnSharedStack {

    private static void assertRefused(Reply reply, String code, String sentence) {
        assertEquals(409, reply.status(), reply::toString);
        assertEquals(code, reply.object().getString("code"), reply::toString);
        assertTrue(reply.object().getString("message").contains(sentence), reply::toString);
    }

    /** A job of a fresh endpoint whose operation fails on the text file dropped: FAILED, its source kept. */
    private static JsonObject failedJob(String endpoint, String moreSettings) throws Exception {
        Path folder = Drops.endpoint(api, endpoint, "pdf.extractText", moreSettings);
        drop(stack, folder, "not-a.pdf", "plain text, not a PDF".getBytes());
        JsonObject failed = awaitFinished(api, endpoint, 1).get(0);
        assertEquals("FAILED", failed.getString("state"), failed::toString);
        return failed;
    }

    /** The kept source among the failed job's results (the other is its failure.log). */
    private static Path keptSource(Path folder, JsonObject job) {
        List<Path> kept = job.getJsonArray("results").getValuesAs(JsonString.class).stream()
                .map(result -> folder.resolve(result.getString()))
                .filter(path -> !path.getFileName().toString().equals("failure.log")).toList();
        assertEquals(1, kept.size(), kept::toString);
        return kept.get(0);
    }

    @Test
    void aJobThatDidNotFailIsNotRetried() throws Exception {
        Path folder = Drops.endpoint(api, "refused-retry-succeeded", "copy", "");
        drop(stack, folder, "fine.txt", "fine".getBytes());
        String id = awaitFinished(api, "refused-retry-succeeded", 1).get(0).getString("id");

        assertRefused(api.post("jobs/" + id + "/retry", "{}"), "CNV-1015-E", "is SUCCEEDED; only a FAILED or EXPIRED job can be retried");
        assertEquals(1, api.get("jobs?endpoint=refused-retry-succeeded").array().size(), "no new job");
    }

    @Test
    void aFailedJobWhoseKeptSourceIsGoneOrALinkIsNotRetried() throws Exception {
        JsonObject failed = failedJob("refused-retry-unkept", "");
        String id = failed.getString("id");
        Path folder = Path.of(api.get("endpoints/refused-retry-unkept").object().getString("path"));
        Path kept = keptSource(folder, failed);

        Path elsewhere = Files.writeString(stack.var().resolve("not-for-a-retry.txt"), "a file the dropper may not read");
        Files.delete(kept);
        Files.createSymbolicLink(kept, elsewhere);
        assertRefused(api.post("jobs/" + id + "/retry", "{}"), "CNV-1016-E", "what was kept holds a link");

        Files.delete(kept);
        assertRefused(api.post("jobs/" + id + "/retry", "{}"), "CNV-1016-E",
                "kept no source to retry (only " + failed.getJsonArray("results").getValuesAs(JsonString.class).stream()
                        .map(JsonString::getString).toList() + " was kept). Drop the file into the watched folder again instead.");
        assertEquals(1, api.get("jobs?endpoint=refused-retry-unkept").array().size(), "no new job");
    }

    @Test
    void aRetryThatTheFullInputQueueCannotTakeIsRefused() throws Exception {
        JsonObject failed = failedJob("refused-retry-full", "\"maxQueueSize\":1");
        String id = failed.getString("id");
        // A scan a minute from now: a job accepted meanwhile waits STAGED and holds the queue's one place.
        assertEquals(200, api.put("endpoints/refused-retry-full", "{\"repeatInterval\":60}").status());
        Thread.sleep(2000); // past the first scan of the new timer

        Reply first = api.post("jobs/" + id + "/retry", "{}");
        assertEquals(201, first.status(), first::toString);
        assertEquals(1, api.get("endpoints/refused-retry-full/queue").object().getInt("queuedJobs"));
        assertRefused(api.post("jobs/" + id + "/retry", "{}"), "CNV-1018-E",
                "endpoint 'refused-retry-full' did not accept its source (FULL). Try again when its input queue has room.");
        assertEquals(2, api.get("jobs?endpoint=refused-retry-full").array().size(), "the failed job and the first retry only");
    }

    @Test
    void onlyAWaitingJobIsReleasedOrCancelled() throws Exception {
        Path folder = Drops.endpoint(api, "refused-release", "copy", "\"wait\":{\"releaseSignalId\":\"refused-${file.baseName}\"}");
        drop(stack, folder, "order.txt", "order".getBytes());
        String id = awaitState(api, "refused-release", "WAITING", 1).get(0).getString("id");
        assertEquals(200, api.post("jobs/" + id + "/release", "{}").status());
        assertEquals("SUCCEEDED", awaitFinished(api, "refused-release", 1).get(0).getString("state"));

        for (String action : List.of("release", "cancel")) {
            assertRefused(api.post("jobs/" + id + "/" + action, "{}"), "CNV-1017-E",
                    "is SUCCEEDED; only a WAITING job can be released or cancelled");
        }
        assertEquals("SUCCEEDED", api.get("jobs/" + id).object().getString("state"), "the refused cancel changed nothing");
    }
}
