package dev.conveyor.stack;

import static dev.conveyor.stack.Drops.awaitFinished;
import static dev.conveyor.stack.Drops.awaitState;
import static dev.conveyor.stack.Drops.drop;
import static dev.conveyor.stack.Drops.entriesIn;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Black-box: job-count limiting. With throttle on, an endpoint's unfinished jobs never outnumber its
 * batch size, whatever waits in the input folder; jobs waiting for a signal count as unfinished.
 */
class ThrottleStackIT extends OnSharedStack {

    private static final Set<String> FINISHED = Set.of("SUCCEEDED", "FAILED", "EXPIRED");
    private static final int BATCH_SIZE = 2;

    private static int unfinished(String endpoint) {
        return (int) api.get("jobs?endpoint=" + endpoint + "&limit=10000").array().getValuesAs(JsonObject.class).stream()
                .filter(job -> !FINISHED.contains(job.getString("state"))).count();
    }

    private static List<Path> inputFiles(Path folder) throws Exception {
        return entriesIn(folder).stream().filter(Files::isRegularFile).toList();
    }

    @Test
    void aScanTakesNoMoreThanTheBatchLessTheJobsStillUnfinished() throws Exception {
        // Each job takes 2 s and the folder is scanned every second: without throttle, every scan would
        // take 2 more files and the unfinished jobs would climb to all 6.
        Path folder = Drops.endpoint(api, "throttled", "text.uppercase", "\"throttle\":true,\"batchSize\":" + BATCH_SIZE
                + ",\"inputParameterMappings\":{\"delayMillis\":{\"type\":\"literal\",\"value\":\"2000\"}}");
        for (int file = 1; file <= 6; file++) {
            drop(stack, folder, "t" + file + ".txt", ("text " + file).getBytes());
        }
        int mostUnfinished = 0;
        boolean filesWaitedWhileTheBatchRan = false;
        Instant deadline = Instant.now().plus(Duration.ofMinutes(3));
        while (api.get("jobs?endpoint=throttled&limit=10000").array().size() < 6 || unfinished("throttled") > 0) {
            assertTrue(Instant.now().isBefore(deadline), "the 6 files were not all done within 3 minutes");
            int now = unfinished("throttled");
            mostUnfinished = Math.max(mostUnfinished, now);
            filesWaitedWhileTheBatchRan |= now == BATCH_SIZE && !inputFiles(folder).isEmpty();
            Thread.sleep(100);
        }
        assertTrue(mostUnfinished <= BATCH_SIZE, "at most " + BATCH_SIZE + " jobs unfinished at once, saw " + mostUnfinished);
        assertTrue(filesWaitedWhileTheBatchRan, "files stayed in the input folder while a full batch was in progress");
        List<JsonObject> jobs = awaitFinished(api, "throttled", 6);
        assertTrue(jobs.stream().allMatch(job -> "SUCCEEDED".equals(job.getString("state"))), jobs::toString);
    }

    @Test
    void jobsWaitingForASignalCountAsUnfinished() throws Exception {
        Path folder = Drops.endpoint(api, "throttled-waits", "copy", "\"throttle\":true,\"batchSize\":" + BATCH_SIZE
                + ",\"wait\":{\"releaseSignalId\":\"${file.baseName}\"}");
        for (String name : List.of("w1", "w2", "w3")) {
            drop(stack, folder, name + ".txt", name.getBytes());
        }
        List<JsonObject> waiting = awaitState(api, "throttled-waits", "WAITING", BATCH_SIZE);
        Thread.sleep(3000); // three more scans: none may take the third file while two jobs wait
        assertEquals(BATCH_SIZE, api.get("jobs?endpoint=throttled-waits").array().size());
        assertEquals(1, inputFiles(folder).size(), "the third file waits in the input folder");

        assertEquals(200, api.post("signals/" + waiting.get(0).getString("waitSignal"), "{}").status());
        awaitState(api, "throttled-waits", "WAITING", BATCH_SIZE);   // the freed place goes to the third file
        assertEquals(3, api.get("jobs?endpoint=throttled-waits").array().size());
        for (JsonObject job : api.get("jobs?endpoint=throttled-waits&state=WAITING").array().getValuesAs(JsonObject.class)) {
            assertEquals(200, api.post("signals/" + job.getString("waitSignal"), "{}").status());
        }
        List<JsonObject> jobs = awaitFinished(api, "throttled-waits", 3);
        assertTrue(jobs.stream().allMatch(job -> "SUCCEEDED".equals(job.getString("state"))), jobs::toString);
    }
}
