package dev.conveyor.stack;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.web.testing.ApiClient.Reply;
import dev.conveyor.web.testing.ApiClient;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Black-box: the stack as deploy/run starts it, a watched folder used as a user would use it,
 * and a restart of the application server in the middle.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class WatchedFolderStackIT {

    private static final int FILES = 50;
    private static final int MAX_SIZE = 5 * 1024 * 1024;

    private static Stack stack;
    private static ApiClient api;

    @BeforeAll
    static void startStack() throws IOException {
        Path var = Path.of(System.getProperty("conveyor.stack.var", "target/stack-var"));
        deleteTree(var);
        stack = Stack.fromBuild("stack-test-password").start();
        api = stack.api();
    }

    @AfterAll
    static void stopStack() {
        if (stack != null) {
            stack.close();
        }
    }

    @Test
    @Order(1)
    void fiftyFilesOfEverySizeComeOutIdenticalThroughTheJobManager() throws Exception {
        Path folder = createEndpoint("{\"name\":\"async-copy\",\"path\":\"async-copy\",\"operationName\":\"copy\","
                + "\"repeatInterval\":1,\"batchSize\":10}");
        Map<String, byte[]> dropped = new HashMap<>();
        Random random = new Random(42);
        for (int i = 0; i < FILES; i++) {
            int size = switch (i) {
                case 0 -> 0;
                case 1 -> 1;
                case 2 -> MAX_SIZE;
                default -> random.nextInt(i % 5 == 0 ? MAX_SIZE : 64 * 1024);
            };
            byte[] content = new byte[size];
            random.nextBytes(content);
            String name = "doc-" + i + (i % 3 == 0 ? ".pdf" : ".dat");
            drop(folder, name, content);
            dropped.put(name, content);
        }

        List<JsonObject> jobs = awaitSucceeded("async-copy", FILES);
        assertEquals(FILES, jobs.size());
        for (JsonObject job : jobs) {
            String source = job.getString("source");
            assertEquals(1, job.getJsonArray("results").size(), job::toString);
            Path result = folder.resolve(job.getJsonArray("results").getString(0));
            assertEquals(source, result.getFileName().toString());
            assertTrue(result.startsWith(folder.resolve("result")), result::toString);
            assertArrayEquals(dropped.get(source), Files.readAllBytes(result), "result of " + source);
        }
        assertEquals(dropped.keySet(), namesUnder(folder.resolve("result")));
        assertEquals(dropped.keySet(), namesUnder(folder.resolve("preserve")));
        for (String name : dropped.keySet()) {
            Path preserved = findUnder(folder.resolve("preserve"), name);
            assertArrayEquals(dropped.get(name), Files.readAllBytes(preserved), "preserved " + name);
        }
        assertEquals(List.of(), filesUnder(folder.resolve("stage")), "nothing is left in stage");
        assertEquals(List.of(), regularFilesIn(folder), "nothing is left in the input folder");
    }

    @Test
    @Order(2)
    void aSynchronousEndpointRunsItsJobsInTheScanner() throws Exception {
        Path folder = createEndpoint("{\"name\":\"sync-copy\",\"path\":\"sync-copy\",\"operationName\":\"copy\","
                + "\"repeatInterval\":1,\"asynchronous\":false,\"batchSize\":3,\"preserveFolder\":\"\"}");
        for (int i = 0; i < 5; i++) {
            drop(folder, "sync-" + i + ".txt", ("synchronous " + i).getBytes());
        }
        List<JsonObject> jobs = awaitSucceeded("sync-copy", 5);
        for (JsonObject job : jobs) {
            Path result = folder.resolve(job.getJsonArray("results").getString(0));
            assertEquals("synchronous " + job.getString("source").replaceAll("\\D", ""), Files.readString(result));
        }
        assertTrue(Files.notExists(folder.resolve("preserve")), "an empty preserveFolder keeps no sources");
        assertEquals(List.of(), filesUnder(folder.resolve("stage")));
    }

    @Test
    @Order(3)
    void endpointsAndJobsSurviveARestartOfPayaraMicro() throws Exception {
        stack.restartPayara();
        Reply endpoint = api.get("endpoints/async-copy");
        assertEquals(200, endpoint.status(), endpoint::toString);
        assertEquals(FILES, api.get("jobs?endpoint=async-copy&state=SUCCEEDED&limit=1000").array().size(),
                "the jobs of before the restart are still recorded");

        Path folder = Path.of(endpoint.object().getString("path"));
        drop(folder, "after-restart.txt", "processed after the restart".getBytes());
        List<JsonObject> jobs = awaitSucceeded("async-copy", FILES + 1);
        JsonObject newest = jobs.stream().filter(j -> j.getString("source").equals("after-restart.txt")).findFirst().orElseThrow();
        assertEquals("processed after the restart", Files.readString(folder.resolve(newest.getJsonArray("results").getString(0))));
    }

    private static Path createEndpoint(String json) {
        Reply created = api.post("endpoints", json);
        assertEquals(201, created.status(), created::toString);
        return Path.of(created.object().getString("path"));
    }

    /** Writes beside the watched folder, then renames into it: the file appears whole, as a careful producer does. */
    private static void drop(Path folder, String name, byte[] content) throws IOException {
        Path incoming = Files.createDirectories(stack.var().resolve("incoming"));
        Path temporary = incoming.resolve(name);
        Files.write(temporary, content);
        Files.move(temporary, folder.resolve(name), StandardCopyOption.ATOMIC_MOVE);
    }

    private static List<JsonObject> awaitSucceeded(String endpoint, int expected) throws InterruptedException {
        Instant deadline = Instant.now().plus(Duration.ofMinutes(3));
        List<JsonObject> jobs = List.of();
        while (Instant.now().isBefore(deadline)) {
            jobs = api.get("jobs?endpoint=" + endpoint + "&limit=1000").array().getValuesAs(JsonObject.class);
            List<JsonObject> failed = jobs.stream().filter(j -> !List.of("STAGED", "QUEUED", "RUNNING", "SUCCEEDED")
                    .contains(j.getString("state"))).toList();
            assertEquals(List.of(), failed, "no job may fail");
            if (jobs.size() == expected && jobs.stream().allMatch(j -> j.getString("state").equals("SUCCEEDED"))) {
                return jobs;
            }
            Thread.sleep(250);
        }
        throw new AssertionError("expected " + expected + " SUCCEEDED jobs on " + endpoint + " within 3 minutes, have " + jobs);
    }

    private static Set<String> namesUnder(Path root) throws IOException {
        return filesUnder(root).stream().map(p -> p.getFileName().toString()).collect(Collectors.toSet());
    }

    private static Path findUnder(Path root, String name) throws IOException {
        return filesUnder(root).stream().filter(p -> p.getFileName().toString().equals(name)).findFirst().orElseThrow();
    }

    private static List<Path> filesUnder(Path root) throws IOException {
        if (Files.notExists(root)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(Files::isRegularFile).toList();
        }
    }

    private static List<Path> regularFilesIn(Path folder) throws IOException {
        try (Stream<Path> list = Files.list(folder)) {
            return list.filter(Files::isRegularFile).toList();
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (Files.notExists(root)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path path : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
