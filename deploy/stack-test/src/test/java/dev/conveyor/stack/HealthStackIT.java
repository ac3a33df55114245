package dev.conveyor.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.web.testing.ApiClient.Reply;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Black-box: Conveyor's own health checks at /health/started, /ready and /live; readiness goes
 * DOWN within 30 s of the broker being killed (SIGKILL, as a crash would: no clean close of its
 * connections) and UP again once it is started again.
 */
class HealthStackIT extends OnSharedStack {

    @Test
    void startedReadyAndLiveWithConveyorsOwnChecks() throws InterruptedException {
        Reply started = stack.server().get("health/started");
        assertEquals(200, started.status(), started::toString);
        assertEquals(Map.of("conveyor-deployed", "UP"), checks(started));

        Reply ready = awaitHealth("health/ready", reply -> reply.status() == 200, Duration.ofSeconds(30));
        assertEquals(Map.of("database", "UP", "broker", "UP", "endpoint-timers", "UP"), checks(ready));

        Reply live = stack.server().get("health/live");
        assertEquals(200, live.status(), live::toString);
        assertEquals(Map.of("heartbeat-timer", "UP", "workers", "UP"), checks(live));
    }

    @Test
    void readinessFollowsTheBroker() throws InterruptedException {
        awaitHealth("health/ready", reply -> reply.status() == 200, Duration.ofSeconds(30));
        stack.killBroker();
        Instant stopped = Instant.now();
        try {
            Reply down = awaitHealth("health/ready", reply -> reply.status() == 503, Duration.ofSeconds(30));
            Duration took = Duration.between(stopped, Instant.now());
            assertEquals("DOWN", checks(down).get("broker"), down::toString);
            assertEquals("UP", checks(down).get("database"), down::toString);
            assertEquals(200, stack.server().get("health/live").status(), "a node without its broker is not ready, yet alive");
            System.out.println("readiness DOWN " + took.toMillis() + " ms after the broker was killed");
        } finally {
            stack.startAgain();
        }
        Instant restarted = Instant.now();
        Reply up = awaitHealth("health/ready", reply -> reply.status() == 200, Duration.ofSeconds(60));
        assertEquals("UP", checks(up).get("broker"), up::toString);
        System.out.println("readiness UP " + Duration.between(restarted, Instant.now()).toMillis() + " ms after the broker started");
    }

    private static Reply awaitHealth(String path, Predicate<Reply> expected, Duration within) throws InterruptedException {
        Instant deadline = Instant.now().plus(within);
        Reply reply = stack.server().get(path);
        while (!expected.test(reply) && Instant.now().isBefore(deadline)) {
            Thread.sleep(500);
            reply = stack.server().get(path);
        }
        assertTrue(expected.test(reply), () -> path + " within " + within.toSeconds() + " s, last: " + stack.server().get(path));
        return reply;
    }

    /** Each check's status by name. */
    private static Map<String, String> checks(Reply reply) {
        return reply.object().getJsonArray("checks").stream().map(JsonValue::asJsonObject)
                .collect(Collectors.toMap(check -> check.getString("name"), (JsonObject check) -> check.getString("status")));
    }
}
