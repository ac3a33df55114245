package dev.conveyor.stack;

import static dev.conveyor.stack.Drops.awaitFinished;
import static dev.conveyor.stack.Drops.createEndpoint;
import static dev.conveyor.stack.Drops.drop;
import static dev.conveyor.stack.Drops.filesInStage;
import static dev.conveyor.stack.Drops.filesUnder;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.web.testing.ApiClient;
import dev.conveyor.web.testing.ApiClient.Reply;
import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Black-box: the stack as deploy/run starts it, a watched folder used as a user would use it,
 * and a restart of the application server in the middle.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class WatchedFolderStackIT extends OnSharedStack {

    private static final int FILES = 50;
    private static final int MAX_SIZE = 5 * 1024 * 1024;

    @Test
    @Order(1)
    void fiftyFilesOfEverySizeComeOutIdenticalThroughTheJobManager() throws Exception {
        Path folder = createEndpoint(api, "{\"name\":\"async-copy\",\"path\":\"async-copy\",\"operationName\":\"copy\","
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
            drop(stack, folder, name, content);
            dropped.put(name, content);
        }

        List<JsonObject> jobs = awaitFinished(api, "async-copy", FILES);
        assertEquals(FILES, jobs.size());
        for (JsonObject job : jobs) {
            assertEquals("SUCCEEDED", job.getString("state"), job::toString);
            String source = job.getString("source");
            assertEquals(1, job.getJsonArray("results").size(), job::toString);
            Path result = folder.resolve(job.getJsonArray("results").getString(0));
            assertEquals(source, result.getFileName().toString());
            assertTrue(result.startsWith(folder.resolve("result")), result::toString);
            assertArrayEquals(dropped.get(source), Files.readAllBytes(result), "result of " + source);
            assertEquals("SuperAdmin", job.getString("userName"), "the identity the job ran as is recorded");
        }
        assertEquals(dropped.keySet(), names(filesUnder(folder.resolve("result"))));
        assertEquals(dropped.keySet(), names(filesUnder(folder.resolve("preserve"))));
        for (Path preserved : filesUnder(folder.resolve("preserve"))) {
            assertArrayEquals(dropped.get(preserved.getFileName().toString()), Files.readAllBytes(preserved), "preserved " + preserved);
        }
        assertEquals(List.of(), filesInStage(folder.resolve("stage")), "nothing is left in stage");
        assertEquals(List.of(), Drops.entriesIn(folder).stream().filter(Files::isRegularFile).toList(),
                "nothing is left in the input folder");
    }

    @Test
    @Order(2)
    void aSynchronousEndpointRunsItsJobsInTheScanner() throws Exception {
        Path folder = createEndpoint(api, "{\"name\":\"sync-copy\",\"path\":\"sync-copy\",\"operationName\":\"copy\","
                + "\"repeatInterval\":1,\"asynchronous\":false,\"batchSize\":3,\"preserveFolder\":\"\"}");
        for (int i = 0; i < 5; i++) {
            drop(stack, folder, "sync-" + i + ".txt", ("synchronous " + i).getBytes());
        }
        for (JsonObject job : awaitFinished(api, "sync-copy", 5)) {
            assertEquals("SUCCEEDED", job.getString("state"), job::toString);
            Path result = folder.resolve(job.getJsonArray("results").getString(0));
            assertEquals("synchronous " + job.getString("source").replaceAll("\\D", ""), Files.readString(result));
        }
        assertTrue(Files.notExists(folder.resolve("preserve")), "an empty preserveFolder keeps no sources");
        assertEquals(List.of(), filesInStage(folder.resolve("stage")));
    }

    @Test
    @Order(3)
    void endpointsJobsAndSchedulesSurviveARestartOfPayaraMicro() throws Exception {
        Path cronFolder = createEndpoint(api, "{\"name\":\"every-second\",\"path\":\"every-second\",\"operationName\":\"copy\","
                + "\"cronExpression\":\"* * * * * ?\"}");
        stack.restartPayara();
        Reply endpoint = api.get("endpoints/async-copy");
        assertEquals(200, endpoint.status(), endpoint::toString);
        assertEquals(FILES, api.get("jobs?endpoint=async-copy&state=SUCCEEDED&limit=1000").array().size(),
                "the jobs of before the restart are still recorded");

        Path folder = Path.of(endpoint.object().getString("path"));
        drop(stack, folder, "after-restart.txt", "processed after the restart".getBytes());
        JsonObject newest = awaitFinished(api, "async-copy", FILES + 1).stream()
                .filter(j -> j.getString("source").equals("after-restart.txt")).findFirst().orElseThrow();
        assertEquals("processed after the restart", Files.readString(folder.resolve(newest.getJsonArray("results").getString(0))));

        drop(stack, cronFolder, "on-cron.txt", "cron".getBytes());
        assertEquals("SUCCEEDED", awaitFinished(api, "every-second", 1).get(0).getString("state"),
                "a cron endpoint is scheduled again after the restart");
    }

    private static Set<String> names(List<Path> files) {
        return files.stream().map(p -> p.getFileName().toString()).collect(Collectors.toSet());
    }
}
