package dev.conveyor.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.web.testing.ApiClient;
import dev.conveyor.web.testing.ApiClient.Reply;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Black-box: readiness follows the database. A stack of its own on PostgreSQL (its own database,
 * ports and var/, beside the shared stack); the database is taken away by refusing new
 * connections to it and ending the open ones, then given back.
 */
class DatabaseHealthIT {

    private static final String DATABASE = "conveyor_health_it";

    @Test
    void readinessGoesDownWithoutTheDatabaseAndUpWhenItIsBack() throws Exception {
        Path var = Path.of(System.getProperty("conveyor.stack.var", "target/stack-var")).resolveSibling("health-pg-var");
        try (Stack stack = Cluster.create(Stack.fromBuild("health-password"), var, DATABASE, 8090, 61626).start()) {
            ApiClient server = stack.server();
            awaitReady(server, reply -> reply.status() == 200, Duration.ofSeconds(30));
            Instant away = Instant.now();
            try {
                psql("ALTER DATABASE " + DATABASE + " ALLOW_CONNECTIONS false");
                psql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '" + DATABASE + "'");
                Reply down = awaitReady(server, reply -> reply.status() == 503, Duration.ofSeconds(30));
                assertEquals("DOWN", checks(down).get("database"), down::toString);
                assertEquals("UP", checks(down).get("broker"), down::toString);
                System.out.println("readiness DOWN " + Duration.between(away, Instant.now()).toMillis() + " ms after the database went away");
            } finally {
                psql("ALTER DATABASE " + DATABASE + " ALLOW_CONNECTIONS true");
            }
            Instant back = Instant.now();
            Reply up = awaitReady(server, reply -> reply.status() == 200, Duration.ofSeconds(60));
            assertEquals("UP", checks(up).get("database"), up::toString);
            System.out.println("readiness UP " + Duration.between(back, Instant.now()).toMillis() + " ms after the database came back");
        }
    }

    private static Reply awaitReady(ApiClient server, Predicate<Reply> expected, Duration within) throws InterruptedException {
        Instant deadline = Instant.now().plus(within);
        Reply reply = server.get("health/ready");
        while (!expected.test(reply) && Instant.now().isBefore(deadline)) {
            Thread.sleep(500);
            reply = server.get("health/ready");
        }
        Reply last = reply;
        assertTrue(expected.test(reply), () -> "health/ready within " + within.toSeconds() + " s, last: " + last);
        return reply;
    }

    private static Map<String, String> checks(Reply reply) {
        return reply.object().getJsonArray("checks").stream().map(JsonValue::asJsonObject)
                .collect(Collectors.toMap(check -> check.getString("name"), (JsonObject check) -> check.getString("status")));
    }

    private static void psql(String sql) throws IOException, InterruptedException {
        Process psql = new ProcessBuilder("psql", "-h", "127.0.0.1", "-U", "postgres", "-d", "postgres", "-qc", sql)
                .inheritIO().start();
        assertEquals(0, psql.waitFor(), sql);
    }
}
