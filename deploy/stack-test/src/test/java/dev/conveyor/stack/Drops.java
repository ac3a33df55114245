package dev.conveyor.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.conveyor.web.testing.ApiClient;
import dev.conveyor.web.testing.ApiClient.Reply;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/** What the black-box tests do as a user would: create endpoints, drop files and job folders, wait for jobs. */
final class Drops {

    private static final Set<String> FINISHED = Set.of("SUCCEEDED", "FAILED", "EXPIRED");

    private Drops() {
    }

    static Path createEndpoint(ApiClient api, String json) {
        Reply created = api.post("endpoints", json);
        assertEquals(201, created.status(), created::toString);
        return Path.of(created.object().getString("path"));
    }

    /** An endpoint watching a folder of its own name, scanning every second, with more settings as JSON members. */
    static Path endpoint(ApiClient api, String name, String operation, String moreSettings) {
        return createEndpoint(api, "{\"name\":\"" + name + "\",\"path\":\"" + name + "\",\"operationName\":\"" + operation
                + "\",\"repeatInterval\":1" + (moreSettings.isEmpty() ? "" : "," + moreSettings) + "}");
    }

    /** Writes beside the watched folder, then renames into it: the file appears whole, as a careful producer does. */
    static Path drop(Stack stack, Path folder, String name, byte[] content) throws IOException {
        Path temporary = Files.createDirectories(stack.var().resolve("incoming")).resolve(name);
        Files.write(temporary, content);
        return Files.move(temporary, folder.resolve(name), StandardCopyOption.ATOMIC_MOVE);
    }

    /** Builds a job folder outside, then renames it in whole. */
    static Path dropFolder(Stack stack, Path folder, String name, Map<String, byte[]> files) throws IOException {
        Path temporary = Files.createDirectories(stack.var().resolve("incoming").resolve(name));
        for (var file : files.entrySet()) {
            Files.write(Files.createDirectories(temporary.resolve(file.getKey()).getParent()).resolve(
                    Path.of(file.getKey()).getFileName()), file.getValue());
        }
        return Files.move(temporary, folder.resolve(name), StandardCopyOption.ATOMIC_MOVE);
    }

    /** Waits until the endpoint has {@code expected} jobs, all finished; returns them. */
    static List<JsonObject> awaitFinished(ApiClient api, String endpoint, int expected, Duration timeout) throws InterruptedException {
        Instant deadline = Instant.now().plus(timeout);
        List<JsonObject> jobs = List.of();
        while (Instant.now().isBefore(deadline)) {
            jobs = api.get("jobs?endpoint=" + endpoint + "&limit=10000").array().getValuesAs(JsonObject.class);
            if (jobs.size() >= expected && jobs.stream().allMatch(j -> FINISHED.contains(j.getString("state")))) {
                return jobs;
            }
            Thread.sleep(250);
        }
        throw new AssertionError("expected " + expected + " finished jobs on " + endpoint + " within " + timeout + ", have " + jobs);
    }

    /** Waits until {@code expected} of the endpoint's jobs are in {@code state}; returns them. */
    static List<JsonObject> awaitState(ApiClient api, String endpoint, String state, int expected) throws InterruptedException {
        Instant deadline = Instant.now().plus(Duration.ofMinutes(1));
        List<JsonObject> jobs = List.of();
        while (Instant.now().isBefore(deadline)) {
            jobs = api.get("jobs?endpoint=" + endpoint + "&state=" + state + "&limit=10000").array().getValuesAs(JsonObject.class);
            if (jobs.size() >= expected) {
                return jobs;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("expected " + expected + " " + state + " jobs on " + endpoint + " within a minute, have " + jobs);
    }

    static List<JsonObject> awaitFinished(ApiClient api, String endpoint, int expected) throws InterruptedException {
        return awaitFinished(api, endpoint, expected, Duration.ofMinutes(3));
    }

    /**
     * An endpoint of slow jobs (each holds a worker {@code jobMillis} ms) with {@code count} low
     * files ({@code prefix-<i>.lo}) renamed in together and all queued: a backlog on the broker.
     * The stack must have the example operation (text.uppercase) installed.
     */
    static Path queuedBacklog(Stack stack, String endpoint, String prefix, int count, String jobMillis) throws Exception {
        ApiClient api = stack.api();
        Path folder = endpoint(api, endpoint, "text.uppercase", "\"batchSize\":" + count
                + ",\"inputParameterMappings\":{\"delayMillis\":{\"type\":\"literal\",\"value\":\"" + jobMillis + "\"}}");
        Path incoming = Files.createDirectories(stack.var().resolve("incoming-" + endpoint));
        for (int i = 0; i < count; i++) {
            Files.writeString(incoming.resolve(prefix + "-" + i + ".lo"), prefix + " " + i);
        }
        try (var files = Files.list(incoming)) {
            for (Path file : files.toList()) {
                Files.move(file, folder.resolve(file.getFileName()), StandardCopyOption.ATOMIC_MOVE);
            }
        }
        awaitClaimed(api, endpoint, count);
        return folder;
    }

    private static void awaitClaimed(ApiClient api, String endpoint, int expected) throws InterruptedException {
        Instant deadline = Instant.now().plus(Duration.ofMinutes(3));
        while (Instant.now().isBefore(deadline)) {
            List<JsonObject> jobs = api.get("jobs?endpoint=" + endpoint + "&limit=10000").array().getValuesAs(JsonObject.class);
            if (jobs.size() >= expected && jobs.stream().noneMatch(job -> "STAGED".equals(job.getString("state")))) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError(expected + " jobs of " + endpoint + " were not queued within 3 minutes");
    }

    static Instant finishedAt(JsonObject job) {
        return Instant.parse(job.getString("finishedAt"));
    }

    /**
     * The files jobs left in a stage folder: the emptied folders of finished jobs that the stage
     * folder keeps for later claims ({@code conveyor-spare}) hold only their markers, no job's file.
     */
    static List<Path> filesInStage(Path stage) throws IOException {
        return filesUnder(stage).stream().filter(file -> !isKeptForClaims(stage, file)).toList();
    }

    /** True for what lies among the folders a stage folder keeps for later claims (see {@link #filesInStage}). */
    static boolean isKeptForClaims(Path stage, Path path) {
        return path.startsWith(stage.resolve("conveyor-spare"));
    }

    /** The regular files under {@code root}, sorted (see {@link #entriesUnder}). */
    static List<Path> filesUnder(Path root) throws IOException {
        return entriesUnder(root).stream().filter(Files::isRegularFile).toList();
    }

    /**
     * Everything under {@code root}, sorted, links not followed; walked again when a folder goes
     * while it is walked: the stack renames and deletes stage folders as it works, also just after
     * a job's end is visible.
     */
    static List<Path> entriesUnder(Path root) throws IOException {
        while (true) {
            if (Files.notExists(root)) {
                return List.of();
            }
            try (Stream<Path> walk = Files.walk(root)) {
                return walk.sorted().toList();
            } catch (NoSuchFileException | UncheckedIOException gone) {
                IOException cause = gone instanceof UncheckedIOException unchecked ? unchecked.getCause() : (IOException) gone;
                if (!(cause instanceof NoSuchFileException)) {
                    throw cause;
                }
            }
        }
    }

    static List<Path> entriesIn(Path folder) throws IOException {
        try (Stream<Path> list = Files.list(folder)) {
            return list.sorted().toList();
        }
    }
}
