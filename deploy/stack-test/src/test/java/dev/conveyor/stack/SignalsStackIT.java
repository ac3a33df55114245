package dev.conveyor.stack;

import static dev.conveyor.stack.Drops.awaitFinished;
import static dev.conveyor.stack.Drops.awaitState;
import static dev.conveyor.stack.Drops.drop;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.web.testing.ApiClient;
import dev.conveyor.web.testing.ApiClient.Reply;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSConsumer;
import jakarta.jms.Message;
import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Black-box: jobs that wait for release signals, and the notifies that release them. */
class SignalsStackIT extends OnSharedStack {

    private static Path waitingEndpoint(String name, String wait) {
        return Drops.endpoint(api, name, "copy", "\"wait\":" + wait);
    }

    private static JsonObject onlyJob(String endpoint) {
        List<JsonObject> jobs = api.get("jobs?endpoint=" + endpoint).array().getValuesAs(JsonObject.class);
        assertEquals(1, jobs.size(), jobs::toString);
        return jobs.get(0);
    }

    private static Reply signal(String id, String body) {
        Reply reply = api.post("signals/" + id, body);
        assertEquals(200, reply.status(), reply::toString);
        return reply;
    }

    @Test
    void aJobWaitingForThreeSignalsIsReleasedOnTheThirdAndNotBefore() throws Exception {
        Path folder = waitingEndpoint("waits-for-three", "{\"releaseSignalId\":\"${file.baseName}\",\"targetSignalCount\":\"3\"}");
        drop(stack, folder, "order-7.txt", "order 7".getBytes());
        JsonObject waiting = awaitState(api, "waits-for-three", "WAITING", 1).get(0);
        assertTrue(waiting.getJsonObject("attributes").containsKey("wait.start.timestamp"), waiting::toString);

        signal("order-7", "{}");
        signal("order-7", "{\"attributes\":{\"customer\":\"acme\"}}");
        Thread.sleep(6000); // longer than the sweep's period: nothing but a third signal may release it
        assertEquals("WAITING", onlyJob("waits-for-three").getString("state"));

        signal("order-7", "{}");
        assertFalse("WAITING".equals(onlyJob("waits-for-three").getString("state")),
                "the notify that reaches the target releases the job before it returns");
        JsonObject done = awaitFinished(api, "waits-for-three", 1).get(0);
        assertEquals("SUCCEEDED", done.getString("state"), done::toString);
        JsonObject attributes = done.getJsonObject("attributes");
        assertEquals("3", attributes.getString("wait.counter.default"));
        assertEquals("acme", attributes.getString("customer"), "the signal's attributes are copied in");
        assertFalse(attributes.containsKey("wait.start.timestamp"));
        assertEquals("order 7", Files.readString(folder.resolve(done.getJsonArray("results").getString(0))));
        assertEquals(404, api.get("signals/order-7").status(), "the release used the signal up, so it is gone");
    }

    @Test
    void aNotifyReleasesAtOnceJobsWhoseSignalIdsServeAPenalty() throws Exception {
        // A buffer of one job and a penalty of an hour: each sweep looks at the oldest job whose id is not
        // penalized, and an id it checks without releasing is kept off the sweep for the hour.
        Path folder = waitingEndpoint("waits-penalized", "{\"releaseSignalId\":\"penalized-${file.baseName}\","
                + "\"waitBufferCount\":1,\"waitPenaltyDuration\":\"1 h\"}");
        drop(stack, folder, "older.txt", "older".getBytes());
        awaitState(api, "waits-penalized", "WAITING", 1);
        drop(stack, folder, "newer.txt", "newer".getBytes());
        awaitState(api, "waits-penalized", "WAITING", 2);
        Thread.sleep(11_000); // two sweeps (every 5 s): the first penalizes older's id, the next newer's

        signal("penalized-older", "{}");
        signal("penalized-newer", "{}");
        List<JsonObject> jobs = api.get("jobs?endpoint=waits-penalized").array().getValuesAs(JsonObject.class);
        assertTrue(jobs.stream().noneMatch(job -> job.getString("state").equals("WAITING")),
                () -> "each notify released its job before it returned, penalty or not: " + jobs);
        assertTrue(awaitFinished(api, "waits-penalized", 2).stream().allMatch(job -> job.getString("state").equals("SUCCEEDED")));
    }

    @Test
    void aJobWhoseSignalIdIsEmptyFailsWithTheReason() throws Exception {
        Path folder = waitingEndpoint("waits-for-nothing", "{\"releaseSignalId\":\"${customer.id}\"}");
        drop(stack, folder, "anonymous.txt", "no customer".getBytes());
        JsonObject job = awaitFinished(api, "waits-for-nothing", 1).get(0);
        assertEquals("FAILED", job.getString("state"));
        assertTrue(job.getString("failureReason").startsWith("CNV-5001-E"), job::toString);
        assertTrue(Files.readString(folder.resolve(job.getJsonArray("results").getString(0))).contains("CNV-5001-E"));
    }

    @Test
    void aJobThatWaitsTooLongExpiresToTheExpiredFolder() throws Exception {
        Path folder = waitingEndpoint("waits-briefly", "{\"releaseSignalId\":\"never\",\"expirationDuration\":\"2 s\"}");
        drop(stack, folder, "late.txt", "too late".getBytes());
        JsonObject job = awaitFinished(api, "waits-briefly", 1, Duration.ofSeconds(30)).get(0);
        assertEquals("EXPIRED", job.getString("state"), job::toString);
        assertTrue(job.getString("failureReason").startsWith("CNV-5004-W"), job::toString);
        List<String> kept = job.getJsonArray("results").getValuesAs(jakarta.json.JsonString::getString);
        assertTrue(kept.stream().allMatch(path -> path.startsWith("expired/")), kept::toString);
        Path log = folder.resolve(kept.get(0));
        assertEquals("expired.log", log.getFileName().toString());
        assertTrue(Files.readString(log).contains("never"));
        assertEquals("too late", Files.readString(log.resolveSibling("late.txt")), "the source is kept, never silently dropped");
    }

    @Test
    void aNotifyingEndpointReleasesTheJobsOfAWaitingOne() throws Exception {
        notifyReleasesTheWaitingJobItNames(stack);
    }

    /** Two orders wait; a payment for one of them, through an endpoint that notifies on success, releases that one only. ServerStackIT runs it too. */
    static void notifyReleasesTheWaitingJobItNames(Stack stack) throws Exception {
        ApiClient api = stack.api();
        Path orders = Drops.endpoint(api, "orders", "copy", "\"wait\":{\"releaseSignalId\":\"${file.baseName}\"}");
        Path payments = Drops.endpoint(api, "payments", "copy",
                "\"notify\":{\"on\":\"success\",\"releaseSignalId\":\"${file.baseName}\",\"signalCounterName\":\"paid\"}");
        drop(stack, orders, "inv-1.txt", "order".getBytes());
        drop(stack, orders, "inv-2.txt", "order".getBytes());
        awaitState(api, "orders", "WAITING", 2);
        drop(stack, payments, "inv-2.txt", "payment".getBytes());
        awaitFinished(api, "payments", 1);
        JsonObject released = awaitState(api, "orders", "SUCCEEDED", 1).get(0);
        assertEquals("inv-2.txt", released.getString("source"));
        assertEquals("1", released.getJsonObject("attributes").getString("wait.counter.paid"));
        List<JsonObject> waiting = awaitState(api, "orders", "WAITING", 1);
        assertEquals(List.of("inv-1.txt"), waiting.stream().map(job -> job.getString("source")).toList(),
                "inv-1 still waits for its payment");
    }

    @Test
    void signalsFromTheQueueCountAndMalformedOnesGoToTheRejectedQueueWithAReason() throws Exception {
        try (JMSContext jms = stack.broker("producer"); JMSContext manager = stack.broker("manager")) {
            var signals = jms.createQueue("conveyor.signals");
            jms.createProducer().setProperty("signalId", "from-jms").send(signals, "{\"delta\":2}");
            jms.createProducer().send(signals, "{\"delta\":1}");
            jms.createProducer().setProperty("signalId", "from-jms").send(signals, "{\"delta\":\"two\"}");

            Instant deadline = Instant.now().plusSeconds(30);
            while (api.get("signals/from-jms").status() != 200 && Instant.now().isBefore(deadline)) {
                Thread.sleep(100);
            }
            assertEquals(2, api.get("signals/from-jms").object().getInt("total"));
            try (JMSConsumer rejected = manager.createConsumer(manager.createQueue("conveyor.signals.rejected"))) {
                // Four listener sessions: the two rejections may come in either order.
                Map<String, String> bodyByReason = new HashMap<>();
                for (int i = 0; i < 2; i++) {
                    Message message = rejected.receive(30_000);
                    assertNotNull(message, "both malformed messages are rejected, not dropped");
                    bodyByReason.put(message.getStringProperty("rejectionReason"), message.getBody(String.class));
                }
                String withoutId = bodyByReason.keySet().stream().filter(reason -> reason.contains("signalId")).findFirst()
                        .orElseThrow(() -> new AssertionError("no rejection names signalId: " + bodyByReason));
                assertEquals("{\"delta\":1}", bodyByReason.get(withoutId), "the rejected message keeps its body");
                assertTrue(bodyByReason.keySet().stream().anyMatch(reason -> reason.contains("delta")), bodyByReason::toString);
            }
        }
        assertEquals(2, api.get("signals/from-jms").object().getInt("total"), "the malformed notify counted nothing");
    }

    @Test
    void inKeepModeNothingNewerIsTakenWhileAJobWaits() throws Exception {
        Path folder = waitingEndpoint("waits-in-order", "{\"releaseSignalId\":\"keep-${file.baseName}\",\"waitMode\":\"keep\"}");
        drop(stack, folder, "first.txt", "1".getBytes());
        awaitState(api, "waits-in-order", "WAITING", 1);
        drop(stack, folder, "second.txt", "2".getBytes());
        Thread.sleep(4000); // four scans
        assertEquals(1, api.get("jobs?endpoint=waits-in-order").array().size(), "second.txt is not taken while first.txt waits");
        assertTrue(Files.exists(folder.resolve("second.txt")));

        signal("keep-first", "{}");
        awaitState(api, "waits-in-order", "SUCCEEDED", 1);
        JsonObject second = awaitState(api, "waits-in-order", "WAITING", 1).get(0);
        assertEquals("second.txt", second.getString("source"), "taken once the first was released");
    }

    @Test
    void badNotifiesAreRefusedNamingTheField() {
        assertRefused(api.post("signals/x", "{\"delta\":1.5}"), "delta");
        assertRefused(api.post("signals/x", "{\"counterName\":\"\"}"), "counterName");
        assertRefused(api.post("signals/x", "{\"counter\":\"a\"}"), "counter");
        assertRefused(api.post("signals/%20", "{}"), "signalId");
        assertEquals(404, api.get("signals/never-notified").status());
    }

    private static void assertRefused(Reply reply, String field) {
        assertEquals(400, reply.status(), reply::toString);
        assertEquals(field, reply.object().getString("field"), reply::toString);
    }

    @Test
    void waitingJobsAndSignalsSurviveARestart() throws Exception {
        Path folder = waitingEndpoint("waits-across-restart", "{\"releaseSignalId\":\"restart-${file.baseName}\",\"targetSignalCount\":\"2\"}");
        drop(stack, folder, "kept.txt", "kept".getBytes());
        awaitState(api, "waits-across-restart", "WAITING", 1);
        signal("restart-kept", "{}");

        stack.restartPayara();

        assertEquals(1, api.get("signals/restart-kept").object().getInt("total"));
        assertEquals("WAITING", onlyJob("waits-across-restart").getString("state"));
        signal("restart-kept", "{}");
        assertEquals("SUCCEEDED", awaitFinished(api, "waits-across-restart", 1).get(0).getString("state"));
    }
}
