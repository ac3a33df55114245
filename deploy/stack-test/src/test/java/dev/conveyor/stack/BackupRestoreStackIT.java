package dev.conveyor.stack;

import static dev.conveyor.stack.Drops.awaitFinished;
import static dev.conveyor.stack.Drops.awaitState;
import static dev.conveyor.stack.Drops.drop;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.web.testing.ApiClient;
import dev.conveyor.web.testing.ApiClient.Reply;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Black-box: docs/operations.md's backup and restore, on a stack of its own (the shared stack's
 * ports + 5, its own var/ holding the H2 database, the broker and the folders). Jobs done and one
 * waiting for a signal; deploy/stop; a tar of var/; var/ deleted; the archive unpacked where it
 * was; deploy/run. Everything the API showed is there again, the waiting job is released by a
 * notify and completes, and a file dropped after the restore is worked.
 */
class BackupRestoreStackIT {

    private static final String PASSWORD = "backup-restore-password";

    @Test
    void aBackupTakenStoppedGivesBackEndpointsJobsAndAWaitingJobInAFreshVar() throws Exception {
        Stack base = Stack.fromBuild(PASSWORD);
        Path var = base.var().resolveSibling("backup-restore-var");
        Path archive = base.var().resolveSibling("backup-restore.tar.gz");
        SharedStack.deleteTree(var);
        Files.deleteIfExists(archive);
        try (Stack stack = new Stack(base.top(), var, PASSWORD).onPortsAbove(5).start()) {
            ApiClient api = stack.api();
            Path copies = Drops.endpoint(api, "kept-copies", "copy", "\"resultFolder\":\"result/\"");
            Path waits = Drops.endpoint(api, "kept-waits", "copy", "\"resultFolder\":\"result/\",\"wait\":{\"releaseSignalId\":\"after-restore\"}");
            drop(stack, copies, "a.txt", "copy a".getBytes(StandardCharsets.UTF_8));
            drop(stack, copies, "b.txt", "copy b".getBytes(StandardCharsets.UTF_8));
            awaitFinished(api, "kept-copies", 2);
            drop(stack, waits, "held.txt", "held".getBytes(StandardCharsets.UTF_8));
            awaitState(api, "kept-waits", "WAITING", 1);
            String endpointsBefore = api.get("endpoints").body();
            Map<String, String> jobsBefore = jobStates(api);
            assertEquals(3, jobsBefore.size(), jobsBefore::toString);

            stack.close();
            shell("tar -C '" + var.getParent() + "' -czf '" + archive + "' '" + var.getFileName() + "'");
            SharedStack.deleteTree(var);
            assertFalse(Files.exists(var));
            shell("tar -C '" + var.getParent() + "' -xzf '" + archive + "'");
            stack.start();

            assertEquals(endpointsBefore, api.get("endpoints").body(), "the endpoints, their settings and states");
            assertEquals(jobsBefore, jobStates(api), "every job, in its state");
            assertEquals("copy a", Files.readString(copies.resolve("result").resolve("a.txt")));
            Reply notified = api.post("signals/after-restore", "{}");
            assertEquals(200, notified.status(), notified::toString);
            List<JsonObject> released = awaitFinished(api, "kept-waits", 1);
            assertEquals("SUCCEEDED", released.get(0).getString("state"), released::toString);
            assertEquals("held", Files.readString(waits.resolve("result").resolve("held.txt")));
            drop(stack, copies, "c.txt", "copy c".getBytes(StandardCharsets.UTF_8));
            List<JsonObject> copied = awaitFinished(api, "kept-copies", 3);
            assertTrue(copied.stream().allMatch(job -> job.getString("state").equals("SUCCEEDED")), copied::toString);
        }
    }

    /** Each job's id with its endpoint, source, state and results, as the API lists them. */
    private static Map<String, String> jobStates(ApiClient api) {
        Map<String, String> jobs = new TreeMap<>();
        for (JsonObject job : api.get("jobs?limit=10000").array().getValuesAs(JsonObject.class)) {
            jobs.put(job.getString("id"), job.getString("endpoint") + " " + job.getString("source") + " " + job.getString("state")
                    + " " + job.get("results"));
        }
        return jobs;
    }

    private static void shell(String command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder("bash", "-c", command).redirectErrorStream(true).start();
        String printed = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(5, TimeUnit.MINUTES), command + " did not end");
        assertEquals(0, process.exitValue(), command + " failed:\n" + printed);
    }
}
