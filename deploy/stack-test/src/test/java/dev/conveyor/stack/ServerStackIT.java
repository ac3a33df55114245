package dev.conveyor.stack;

import static dev.conveyor.stack.Drops.awaitFinished;
import static dev.conveyor.stack.Drops.drop;
import static dev.conveyor.stack.Drops.finishedAt;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.web.testing.ApiClient;
import dev.conveyor.web.testing.ApiClient.Reply;
import jakarta.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Conveyor's EAR on a full Payara Server domain, made and started by deploy/server beside a broker
 * of its own: a copy, nothing listening beyond loopback and an administrator who needs a password, a DELETE with a body answered by Conveyor, the console in a browser, a wait released by a notify, high-priority jobs overtaking a backlog, and a
 * kill -9 of the server mid-run after which every file ends in result exactly once. Its own var/
 * and ports (the shared stack's HTTP port + 12 and broker port + 20; the domain's other ports
 * counted from 9000 + the same HTTP offset), so it runs beside the shared stack.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ServerStackIT {

    private static final String PASSWORD = "server-password";
    private static final int BACKLOG = 200;
    private static final int URGENT = 10;
    /** How long each backlog job holds its worker: the backlog takes about 200 x 400 ms / 4 workers, time enough for the urgent files to be scanned. */
    private static final String JOB_MILLIS = "400";

    private static Stack stack;
    private static ApiClient api;
    private static int adminPort;

    @BeforeAll
    static void start() {
        int http = Integer.parseInt(System.getenv().getOrDefault("CONVEYOR_HTTP_PORT", "8080"));
        int broker = Integer.parseInt(System.getenv().getOrDefault("CONVEYOR_BROKER_PORT", "61616"));
        Stack built = Stack.fromBuild(PASSWORD);
        Path var = built.var().resolveSibling("server-var");
        SharedStack.deleteTree(var);
        int portBase = 9000 + http - 8080;
        adminPort = portBase + 48;
        stack = new Stack(built.top(), var, PASSWORD).onPayaraServer().with(Map.of(
                "CONVEYOR_HTTP_PORT", Integer.toString(http + 12),
                "CONVEYOR_BROKER_PORT", Integer.toString(broker + 20),
                "CONVEYOR_SERVER_PORTBASE", Integer.toString(portBase)));
        stack.installOperation(SharedStack.exampleOperation()).start();
        api = stack.api();
    }

    @AfterAll
    static void stop() {
        if (stack != null) {
            stack.close();
        }
    }

    @Test
    @Order(1)
    void aDroppedFileIsCopiedIntoTheResultFolder() throws Exception {
        Path folder = Drops.endpoint(api, "copied", "copy", "\"resultFolder\":\"result/\"");
        drop(stack, folder, "hello.txt", "hello from a file".getBytes());

        JsonObject job = awaitFinished(api, "copied", 1).get(0);
        assertEquals("SUCCEEDED", job.getString("state"), job::toString);
        String result = job.getJsonArray("results").getString(0);
        assertTrue(result.startsWith("result/"), result);
        assertEquals("hello from a file", Files.readString(folder.resolve(result)));
    }

    /** As on Payara Micro (ApiFuzzStackIT): a DELETE with a body over HTTP/1.1 is Conveyor's to answer, not the listener's empty 400. */
    @Test
    @Order(1)
    void aDeleteWithABodyIsAnsweredByConveyor() {
        HttpResponse<String> reply = api.over(HttpClient.Version.HTTP_1_1).raw("DELETE", "endpoints/not-there",
                Map.of("Content-Type", "application/json"), "{\"a\":1}");
        assertEquals(404, reply.statusCode(), reply::body);
        assertTrue(reply.body().contains("\"CNV-1001-E\""), reply::body);
    }

    /** Payara binds its administration, IIOP and JMX listeners to every interface unless told otherwise, with an admin of no password. */
    @Test
    @Order(2)
    void nothingOfTheDomainListensBeyondLoopbackAndItsAdministratorNeedsItsPassword() throws Exception {
        List<String> listening = ListeningSockets.assertLoopbackOnly(stack, "the domain's admin, IIOP and JMX listeners are bound to all interfaces by default");
        System.out.println("ServerStackIT: the domain and its broker listen (TCP and UDP looked at) on " + listening);
        assertTrue(listening.stream().anyMatch(socket -> socket.contains(":" + adminPort + " ")), () -> "the admin port listens: " + listening);

        String password = Files.readString(stack.var().resolve("payara-server").resolve("admin-password")).strip()
                .substring("AS_ADMIN_PASSWORD=".length());
        assertEquals(401, administration(""), "the domain's admin with an empty password");
        assertEquals(401, administration("wrong"), "the domain's admin with a wrong password");
        assertEquals(200, administration(password), "the domain's admin with the password deploy/server generated");
    }

    /** The status of a read from Payara's administration (REST) as the domain's admin with {@code password}. */
    private static int administration(String password) throws Exception {
        HttpRequest read = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + adminPort + "/management/domain/version"))
                .header("Accept", "application/json")
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(("admin:" + password).getBytes(StandardCharsets.UTF_8)))
                .timeout(Duration.ofSeconds(30)).build();
        return HttpClient.newHttpClient().send(read, HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    @Test
    @Order(3)
    void theConsoleIsServedByTheEarAndGoesLive() {
        try (Browser browser = new Browser(stack.console(), "admin", PASSWORD)) {
            browser.open("#/overview");
            browser.find("#endpoint-table tr[data-endpoint='copied']");
            // uPlot, from its WebJar inside the EAR's web module, drew the throughput chart.
            browser.find("#throughput-chart .uplot canvas");
            browser.find("#live-status.on");
            assertEquals("live", browser.text("#live-status"));
            assertEquals(0L, browser.script("return performance.getEntriesByType('resource')"
                    + ".filter(e => !e.name.startsWith(location.origin)).length"), "every resource comes from the server itself");
            String log = browser.browserLog();
            assertTrue(log.lines().noneMatch(line -> line.contains("Uncaught") || line.contains("Content Security Policy")), log);
        }
    }

    @Test
    @Order(4)
    void aNotifyReleasesTheWaitingJobItNames() throws Exception {
        SignalsStackIT.notifyReleasesTheWaitingJobItNames(stack);
    }

    @Test
    @Order(5)
    void highPriorityJobsOvertakeAQueuedBacklog() throws Exception {
        Reply rule = api.post("priority-rules", "{\"name\":\"urgent\",\"expression\":\"file.extension == 'hi'\",\"jmsPriority\":9}");
        assertEquals(201, rule.status(), rule::toString);
        Path folder = Drops.queuedBacklog(stack, "ranked", "bulk", BACKLOG, JOB_MILLIS);
        for (int i = 0; i < URGENT; i++) {
            drop(stack, folder, "urgent-" + i + ".hi", ("urgent " + i).getBytes());
        }

        List<JsonObject> jobs = awaitFinished(api, "ranked", BACKLOG + URGENT, Duration.ofMinutes(5));
        assertTrue(jobs.stream().allMatch(job -> "SUCCEEDED".equals(job.getString("state"))), "every job succeeded");
        Map<Boolean, List<JsonObject>> byUrgency = jobs.stream()
                .collect(Collectors.partitioningBy(job -> "urgent".equals(job.getString("bucket"))));
        assertEquals(URGENT, byUrgency.get(true).size());
        assertTrue(byUrgency.get(true).stream().allMatch(job -> job.getInt("jmsPriority") == 9));
        Instant lastUrgent = byUrgency.get(true).stream().map(Drops::finishedAt).max(Instant::compareTo).orElseThrow();
        long backlogDoneBefore = byUrgency.get(false).stream().filter(job -> finishedAt(job).isBefore(lastUrgent)).count();
        System.out.printf("ServerStackIT: the last of %d urgent jobs finished when %d of %d backlog jobs were done%n",
                URGENT, backlogDoneBefore, BACKLOG);
        assertTrue(backlogDoneBefore < BACKLOG / 2, () -> backlogDoneBefore + " backlog jobs finished before the last urgent one");
    }

    @Test
    @Order(6)
    void aKilledServerRestartsAndEveryFileEndsInResultExactlyOnce() throws Exception {
        CrashTorture.Verdict verdict = CrashTorture.run(stack, CrashTorture.Fault.KILL_PAYARA, "restarted", 200, 1, 20261203L);
        System.out.println("ServerStackIT: " + verdict.line());
        assertTrue(verdict.passed(), verdict.line());
    }
}
