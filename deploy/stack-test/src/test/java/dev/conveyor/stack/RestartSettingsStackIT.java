package dev.conveyor.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.Message;
import jakarta.jms.TemporaryQueue;
import jakarta.json.Json;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.activemq.artemis.api.core.management.ResourceNames;
import org.apache.activemq.artemis.api.jms.management.JMSManagementHelper;
import org.junit.jupiter.api.Test;

/**
 * Black-box: settings of deploy/run that a restart changes. A stack of its own (the shared stack's
 * ports + 4, its own var/) starts with its defaults: text logs, a job worker per core, four result
 * writers. Payara Micro is killed as a crash would kill it, the broker is stopped, and both start
 * again with CONVEYOR_LOG_FORMAT=json, CONVEYOR_WORKERS=3 and a file
 * var/secrets/conveyor.result-writers holding 2: the lines of the first run stay, every line the
 * second writes is a JSON object, neither log holds a terminal colour code, and the broker sees as
 * many consumers on the dispatch and callback queues as the new settings say (message-driven beans
 * sized through MicroProfile Config).
 */
class RestartSettingsStackIT {

    private static final String PASSWORD = "restart-settings-password";
    private static final String JOBS_QUEUE = "conveyor.jobs";
    private static final String CALLBACKS_QUEUE = "conveyor.callbacks";

    @Test
    void aRestartKeepsTheLogsAndTakesNewLogFormatAndWorkerCounts() throws Exception {
        Stack base = Stack.fromBuild(PASSWORD);
        Path var = base.var().resolveSibling("restart-settings-var");
        SharedStack.deleteTree(var);
        Stack text = new Stack(base.top(), var, PASSWORD).with(Map.of(
                "CONVEYOR_HTTP_PORT", Integer.toString(port("CONVEYOR_HTTP_PORT", 8080) + 4),
                "CONVEYOR_BROKER_PORT", Integer.toString(port("CONVEYOR_BROKER_PORT", 61616) + 4)));
        Path payaraLog = text.serverLog();
        Path brokerLog = var.resolve("logs").resolve("broker.log");
        try (Stack running = text.start()) {
            assertTrue(Files.readString(payaraLog).contains("ready in"), "Payara Micro's start is in " + payaraLog);
            assertNoColours(payaraLog);
            assertNoColours(brokerLog);
            assertEquals(Runtime.getRuntime().availableProcessors(), consumers(running, JOBS_QUEUE), "a job worker per core");
            assertEquals(4, consumers(running, CALLBACKS_QUEUE), "four result writers");

            running.killPayara();
            running.stopBroker();
            List<String> payaraFirstRun = Files.readAllLines(payaraLog);
            List<String> brokerFirstRun = Files.readAllLines(brokerLog);
            Files.writeString(Files.createDirectories(var.resolve("secrets")).resolve("conveyor.result-writers"), "2");
            running.with(Map.of("CONVEYOR_LOG_FORMAT", "json", "CONVEYOR_WORKERS", "3")).startAgain();

            List<JsonObject> payaraSecondRun = jsonLinesAfter(payaraFirstRun, payaraLog);
            assertTrue(payaraSecondRun.stream().anyMatch(line -> line.getString("LogMessage", "").contains("ready in")),
                    "Payara Micro's second start is in " + payaraLog + " as JSON");
            List<JsonObject> brokerSecondRun = jsonLinesAfter(brokerFirstRun, brokerLog);
            assertTrue(brokerSecondRun.stream().anyMatch(line -> line.getString("message").startsWith("AMQ221007")),
                    "the broker's second start is in " + brokerLog + " as JSON");
            assertNoColours(payaraLog);
            assertNoColours(brokerLog);
            assertEquals(3, consumers(running, JOBS_QUEUE), "CONVEYOR_WORKERS");
            assertEquals(2, consumers(running, CALLBACKS_QUEUE), "var/secrets/conveyor.result-writers");
        }
    }

    /** The queue's consumers as the broker counts them (asked through its management address), once they stop changing. */
    private static int consumers(Stack stack, String queue) throws Exception {
        int last = -1;
        for (int look = 0; look < 20; look++) {
            int now = consumerCount(stack, queue);
            if (now == last && now > 0) {
                return now;
            }
            last = now;
            Thread.sleep(1000);
        }
        return last;
    }

    private static int consumerCount(Stack stack, String queue) throws Exception {
        try (JMSContext jms = stack.broker("manager")) {
            Message request = jms.createMessage();
            JMSManagementHelper.putAttribute(request, ResourceNames.QUEUE + queue, "consumerCount");
            TemporaryQueue replies = jms.createTemporaryQueue();
            request.setJMSReplyTo(replies);
            jms.createProducer().send(jms.createQueue("activemq.management"), request);
            try (JMSConsumer consumer = jms.createConsumer(replies)) {
                Message reply = consumer.receive(10_000);
                assertTrue(reply != null && JMSManagementHelper.hasOperationSucceeded(reply), () -> "consumerCount of " + queue + ": " + reply);
                return ((Number) JMSManagementHelper.getResult(reply)).intValue();
            }
        }
    }

    /** The log begins with the lines of the run before, unchanged; every line after them is a JSON object. */
    private static List<JsonObject> jsonLinesAfter(List<String> before, Path log) throws IOException {
        List<String> lines = Files.readAllLines(log);
        assertEquals(before, lines.subList(0, Math.min(before.size(), lines.size())), log + " kept the lines of the run before");
        List<String> added = lines.subList(before.size(), lines.size());
        assertFalse(added.isEmpty(), log + " has lines of the second run");
        return added.stream().map(line -> parse(line, log)).toList();
    }

    private static JsonObject parse(String line, Path log) {
        try (JsonReader reader = Json.createReader(new StringReader(line))) {
            return reader.readObject();
        } catch (JsonException e) {
            throw new AssertionError("a line of " + log + " is no JSON object: " + line, e);
        }
    }

    private static void assertNoColours(Path log) throws IOException {
        assertFalse(Files.readString(log).contains("\u001b"), log + " holds an ESC character (a terminal colour code)");
    }

    private static int port(String variable, int fallback) {
        return Integer.parseInt(System.getenv().getOrDefault(variable, Integer.toString(fallback)));
    }
}
