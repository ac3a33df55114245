package dev.conveyor.bench;

import dev.conveyor.stack.Stack;
import dev.conveyor.web.testing.ApiClient;
import dev.conveyor.web.testing.ApiClient.Reply;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * The console's job listing with JOBS finished jobs on record (default 100,000): the time of
 * GET /api/jobs with each filter the console offers, and of GET /api/overview, through the API
 * of a running stack on its embedded H2. The rows are written straight into the stack's database
 * while Payara Micro is stopped (with the H2 that Payara Micro ships), as finished jobs of five
 * endpoints over the last 7 days: nothing for the stack to do with them but list them.
 * Arguments: [JOBS] [REPEATS] (default 100000, 20).
 */
public final class JobListingBenchmark {

    private static final String[] ENDPOINTS = {"list-a", "list-b", "list-c", "list-d", "list-e"};

    public static void main(String[] args) throws Exception {
        int jobs = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        int repeats = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        System.out.println(Measures.machine());
        Stack stack = Stack.fromBuild("bench-password");
        try (Stack running = stack.start()) {
            ApiClient api = running.api();
            for (String name : ENDPOINTS) {
                Measures.createEndpoint(api, "{\"name\":\"" + name + "\",\"path\":\"" + name + "\",\"operationName\":\"copy\"}");
            }
            Instant now = Instant.now();
            long started = System.nanoTime();
            running.stopPayara();
            try (Connection db = connect(running)) {
                insert(db, jobs, now);
            }
            running.startAgain();
            System.out.printf("%d finished jobs written (Payara Micro stopped and started again) in %.1f s%n", jobs, (System.nanoTime() - started) / 1e9);
            Map<String, String> calls = new LinkedHashMap<>();
            calls.put("newest 50", "jobs?limit=50");
            calls.put("page 100 of 50", "jobs?limit=50&page=100");
            calls.put("one endpoint", "jobs?limit=50&endpoint=list-c");
            calls.put("state FAILED", "jobs?limit=50&state=FAILED");
            calls.put("endpoint + FAILED", "jobs?limit=50&endpoint=list-c&state=FAILED");
            calls.put("created in the last hour", "jobs?limit=50&since=" + now.minus(Duration.ofHours(1)));
            calls.put("text, common (\"invoice\")", "jobs?limit=50&q=invoice");
            calls.put("text, rare (one job)", "jobs?limit=50&q=needle-77");
            calls.put("text, absent", "jobs?limit=50&q=nowhere");
            calls.put("overview", "overview");
            System.out.println("| call | p50 ms | p90 ms | max ms |");
            System.out.println("| --- | ---: | ---: | ---: |");
            for (var call : calls.entrySet()) {
                List<Long> millis = new ArrayList<>();
                for (int i = 0; i < repeats + 2; i++) {
                    long t = System.nanoTime();
                    Reply reply = api.get(call.getValue());
                    if (reply.status() != 200) {
                        throw new IllegalStateException(call.getValue() + " answered " + reply);
                    }
                    if (i >= 2) { // the first two warm the query plans and caches
                        millis.add((System.nanoTime() - t) / 1_000_000);
                    }
                }
                millis.sort(null);
                System.out.printf("| %s | %d | %d | %d |%n", call.getKey(), Measures.percentile(millis, 50),
                        Measures.percentile(millis, 90), millis.get(millis.size() - 1));
            }
        }
    }

    /** Finished jobs spread over the last 7 days: 90% succeeded, 8% failed, 2% expired; one source named needle-77. */
    private static void insert(Connection db, int jobs, Instant now) throws SQLException {
        db.setAutoCommit(false);
        Random random = new Random(42);
        String sql = "INSERT INTO CNV_JOB (ID, ENDPOINT, SOURCE, STATE, USERNAME, DOMAINNAME, CREATEDAT, STARTEDAT, FINISHEDAT, "
                + "CHANGEDAT, RESULTS, FAILUREREASON, ATTEMPTS, ATTRIBUTES, BUCKET, JMSPRIORITY, VERSION) "
                + "VALUES (?, ?, ?, ?, 'SuperAdmin', 'DefaultDom', ?, ?, ?, ?, '[]', ?, 1, '{}', 'default', 4, 1)";
        try (PreparedStatement insert = db.prepareStatement(sql)) {
            for (int i = 0; i < jobs; i++) {
                Instant created = now.minusMillis((long) (random.nextDouble() * Duration.ofDays(7).toMillis()));
                Instant finished = created.plusMillis(200 + random.nextInt(5000));
                int roll = random.nextInt(100);
                String state = roll < 90 ? "SUCCEEDED" : roll < 98 ? "FAILED" : "EXPIRED";
                insert.setString(1, UUID.randomUUID().toString());
                insert.setString(2, ENDPOINTS[i % ENDPOINTS.length]);
                insert.setString(3, i == jobs / 2 ? "needle-77.pdf" : (i % 3 == 0 ? "invoice-" : "scan-") + i + ".pdf");
                insert.setString(4, state);
                insert.setTimestamp(5, Timestamp.from(created));
                insert.setTimestamp(6, Timestamp.from(created.plusMillis(100)));
                insert.setTimestamp(7, Timestamp.from(finished));
                insert.setTimestamp(8, Timestamp.from(finished));
                insert.setString(9, state.equals("SUCCEEDED") ? null : "CNV-3001-E written by the listing benchmark");
                insert.addBatch();
                if (i % 1000 == 999) {
                    insert.executeBatch();
                    db.commit();
                }
            }
            insert.executeBatch();
            db.commit();
        }
    }

    /** A connection to the stack's H2 file (Payara Micro stopped), through the H2 driver inside Payara Micro's jar (the same version). */
    private static Connection connect(Stack stack) throws Exception {
        Path database;
        try (Stream<Path> files = Files.walk(stack.var())) {
            database = files.filter(p -> p.getFileName().toString().equals("embedded_default.mv.db")).findFirst()
                    .orElseThrow(() -> new IllegalStateException("no embedded_default.mv.db under " + stack.var()));
        }
        Driver driver = Measures.payaraH2Driver();
        String url = "jdbc:h2:" + database.toString().replace(".mv.db", "");
        SQLException last = null;
        for (String[] credentials : new String[][] {{"APP", "APP"}, {"sa", ""}, {"", ""}}) {
            Properties properties = new Properties();
            properties.setProperty("user", credentials[0]);
            properties.setProperty("password", credentials[1]);
            try {
                return driver.connect(url, properties);
            } catch (SQLException e) {
                last = e;
            }
        }
        throw last;
    }
}
