package dev.conveyor.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import org.junit.jupiter.api.Test;

/**
 * Black-box: deploy/run's logs. A stack of its own (the shared stack's ports + 4, its own var/)
 * starts with text logs, then Payara Micro and the broker are stopped and started again with
 * CONVEYOR_LOG_FORMAT=json: the lines of the first run stay, and every line the second writes
 * is a JSON object. Neither file holds a terminal colour code.
 */
class LogsStackIT {

    private static final String PASSWORD = "logs-password";

    @Test
    void aRestartAppendsToTheLogsAndJsonLinesComeOnRequest() throws IOException {
        Stack base = Stack.fromBuild(PASSWORD);
        Path var = base.var().resolveSibling("logs-stack-var");
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

            running.stopPayara();
            running.stopBroker();
            List<String> payaraFirstRun = Files.readAllLines(payaraLog);
            List<String> brokerFirstRun = Files.readAllLines(brokerLog);
            running.with(Map.of("CONVEYOR_LOG_FORMAT", "json")).startAgain();

            List<JsonObject> payaraSecondRun = jsonLinesAfter(payaraFirstRun, payaraLog);
            assertTrue(payaraSecondRun.stream().anyMatch(line -> line.getString("LogMessage", "").contains("ready in")),
                    "Payara Micro's second start is in " + payaraLog + " as JSON");
            List<JsonObject> brokerSecondRun = jsonLinesAfter(brokerFirstRun, brokerLog);
            assertTrue(brokerSecondRun.stream().anyMatch(line -> line.getString("message").startsWith("AMQ221007")),
                    "the broker's second start is in " + brokerLog + " as JSON");
            assertNoColours(payaraLog);
            assertNoColours(brokerLog);
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
