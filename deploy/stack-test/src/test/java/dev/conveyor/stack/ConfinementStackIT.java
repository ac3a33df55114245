package dev.conveyor.stack;

import static dev.conveyor.stack.Drops.awaitFinished;
import static dev.conveyor.stack.Drops.awaitState;
import static dev.conveyor.stack.Drops.drop;
import static dev.conveyor.stack.Drops.filesUnder;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.client.ConveyorClient;
import dev.conveyor.client.JobInput;
import dev.conveyor.client.Submission;
import dev.conveyor.client.SubmissionRefusedException;
import dev.conveyor.web.testing.ApiClient;
import dev.conveyor.web.testing.ApiClient.Reply;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Black-box: the attacks of someone who may write into a watched folder, a producer, and a
 * careless administrator, each with the safe outcome: a symbolic link where one of Conveyor's
 * folders should be blocks the endpoint with a reason naming the link, and nothing behind the
 * link (outside the allowed roots) is read, moved, written or deleted; names that would climb out
 * of their folder fail the job or are refused; folders that overlap are refused.
 */
class ConfinementStackIT extends OnSharedStack {

    /** A folder outside the allowed roots (var/folders) holding files that must stay exactly as they are. */
    private static Path outsideWithFiles(String name) throws IOException {
        Path outside = Files.createDirectories(stack.var().resolve("outside").resolve(name));
        // Shaped like what the stage folder holds, marker included: only the link check can keep recovery off it.
        Path orphan = Files.createDirectories(outside.resolve("old-orphan/in"));
        Files.writeString(orphan.getParent().resolve("conveyor-stage.id"), "old-orphan");
        Files.writeString(orphan.resolve("payroll.csv"), "must stay here");
        Files.writeString(Files.createDirectories(outside.resolve("old-job")).resolve("keep.txt"), "must stay too");
        return outside;
    }

    private static Map<Path, String> contentOf(Path folder) throws IOException {
        Map<Path, String> content = new LinkedHashMap<>();
        for (Path file : filesUnder(folder)) {
            content.put(folder.relativize(file), Files.readString(file));
        }
        return content;
    }

    private static Path endpoint(String name, String settings) {
        return Drops.endpoint(api, name, "copy", settings);
    }

    private static JsonObject awaitBlocked(String endpoint) throws InterruptedException {
        Instant deadline = Instant.now().plus(Duration.ofMinutes(1));
        JsonObject seen = null;
        while (Instant.now().isBefore(deadline)) {
            seen = api.get("endpoints/" + endpoint).object();
            if (seen.getString("state").equals("BLOCKED")) {
                return seen;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("endpoint " + endpoint + " was not blocked within a minute: " + seen);
    }

    private static void assertBlockedNaming(String endpoint, Path link) throws InterruptedException {
        String reason = awaitBlocked(endpoint).getString("blockedReason");
        assertTrue(reason.startsWith("CNV-8001-E " + link + " is a symbolic link"), reason);
    }

    private static Path replaceWithLink(Path folder, Path target) throws IOException {
        if (Files.isDirectory(folder)) {
            try (Stream<Path> entries = Files.list(folder)) {
                assertEquals(0, entries.count(), folder + " should still be empty");
            }
            Files.delete(folder);
        }
        return Files.createSymbolicLink(folder, target);
    }

    @Test
    void aLinkInPlaceOfTheStageFolderBlocksTheEndpointAndNothingBehindItIsTouched() throws Exception {
        Path watched = endpoint("link-stage", "");
        Path outside = outsideWithFiles("stage");
        Map<Path, String> before = contentOf(outside);
        Path link = replaceWithLink(watched.resolve("stage"), outside);
        drop(stack, watched, "claimed.txt", "stays in the input folder".getBytes());

        assertBlockedNaming("link-stage", link);
        // Longer than the recovery pass's 20 s and its 30 s grace for orphans: it ran over this endpoint meanwhile.
        Thread.sleep(35_000);
        assertEquals(before, contentOf(outside), "recovery neither returned nor deleted anything behind the link");
        assertEquals("stays in the input folder", Files.readString(watched.resolve("claimed.txt")), "nothing was claimed through the link");
        assertEquals(0, api.get("jobs?endpoint=link-stage").array().size());
    }

    @Test
    void aLinkInPlaceOfTheWatchedFolderIsNeitherListedNorClaimed() throws Exception {
        Path watched = endpoint("link-input", "");
        Path outside = outsideWithFiles("input");
        Files.writeString(outside.resolve("bait.txt"), "not to be taken");
        Map<Path, String> before = contentOf(outside);
        Path link = replaceWithLink(watched, outside);

        assertBlockedNaming("link-input", link);
        Thread.sleep(3000);
        assertEquals(before, contentOf(outside));
        assertEquals(0, api.get("jobs?endpoint=link-input").array().size());
    }

    /** An endpoint whose output folder was replaced by a link, after one drop: blocked, its job held in {@code heldIn}. */
    private record BlockedWrite(String endpoint, Path watched, Path link, Path outside, Map<Path, String> before) {

        /** Puts a real folder in the link's place and resumes: the waiting write completes. */
        JsonObject putRight() throws Exception {
            Files.delete(link);
            assertEquals(200, api.post("endpoints/" + endpoint + "/resume", null).status());
            JsonObject job = awaitFinished(api, endpoint, 1).get(0);
            assertEquals(before, contentOf(outside), "still nothing written behind the link");
            return job;
        }
    }

    private static BlockedWrite dropBehindLinkedFolder(String endpoint, String settings, String folder, String dropped, byte[] content,
                                                       boolean readOnly, String heldIn) throws Exception {
        Path watched = endpoint(endpoint, settings);
        Path outside = outsideWithFiles(endpoint);
        Map<Path, String> before = contentOf(outside);
        Path link = replaceWithLink(watched.resolve(folder), outside);
        Path file = drop(stack, watched, dropped, content);
        if (readOnly) {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("r--r--r--"));
        }
        assertBlockedNaming(endpoint, link);
        awaitState(api, endpoint, heldIn, 1);
        assertEquals(before, contentOf(outside), "nothing was written through the link");
        return new BlockedWrite(endpoint, watched, link, outside, before);
    }

    @Test
    void aWatchedFolderOthersMayRenameInIsReportedWithWhatToDoAndStillServed() throws Exception {
        Path watched = endpoint("shared-watched", "\"resultFolder\":\"result/\"");
        Files.setAttribute(watched, "unix:mode", 0777);
        drop(stack, watched, "served.txt", "a warning, not a refusal".getBytes());
        awaitFinished(api, "shared-watched", 1);
        assertEquals("a warning, not a refusal", Files.readString(watched.resolve("result/served.txt")));

        // The first scan after the claim made the stage folder looks at the folders' permissions, and no later one.
        String expected = "CNV-8008-W Folder " + watched + " of endpoint 'shared-watched' (mode 0777): ";
        List<String> lines = awaitLogLines(expected, 1);
        assertTrue(lines.get(0).contains("swap the stage or result folder below it for a link") && lines.get(0).contains("chmod +t"),
                lines.get(0));
        Thread.sleep(3_000);
        assertEquals(1, stack.serverLogLines(line -> line.contains(expected)).size(), "warned again by later scans");
        // A change of its settings has the next scan look again.
        assertEquals(200, api.put("endpoints/shared-watched", "{\"repeatInterval\":2}").status());
        awaitLogLines(expected, 2);
    }

    private static List<String> awaitLogLines(String text, int count) throws Exception {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(30));
        List<String> lines = stack.serverLogLines(line -> line.contains(text));
        while (lines.size() < count && Instant.now().isBefore(deadline)) {
            Thread.sleep(200);
            lines = stack.serverLogLines(line -> line.contains(text));
        }
        assertEquals(count, lines.size(), "log lines with " + text + " within 30 s");
        return lines;
    }

    @Test
    void aLinkInPlaceOfTheResultFolderBlocksAndTheResultWaitsInStageUntilPutRight() throws Exception {
        BlockedWrite blocked = dropBehindLinkedFolder("link-result", "\"resultFolder\":\"result/\"", "result", "report.txt",
                "the result".getBytes(), false, "WRITING");
        assertEquals("SUCCEEDED", blocked.putRight().getString("state"));
        assertEquals("the result", Files.readString(blocked.watched().resolve("result/report.txt")), "nothing was lost while blocked");
    }

    @Test
    void aJournalPlantedInAWaitingJobsStageFolderCannotSendItsResultOutsideTheRoots() throws Exception {
        BlockedWrite blocked = dropBehindLinkedFolder("forged-journal", "\"resultFolder\":\"result/\"", "result", "report.txt",
                "the result".getBytes(), false, "WRITING");
        Path jobFolder;
        try (Stream<Path> entries = Files.list(blocked.watched().resolve("stage"))) {
            jobFolder = entries.filter(entry -> Files.exists(entry.resolve("conveyor-stage.id"))).findFirst().orElseThrow();
        }
        // Where a write notes the places it reserved, so that its retry finishes it: here naming a file outside the roots.
        Files.writeString(jobFolder.resolve("published.json"),
                "{\"result:report.txt\":\"" + blocked.outside().resolve("planted.txt") + "\"}");

        JsonObject job = blocked.putRight();

        assertEquals("SUCCEEDED", job.getString("state"), job::toString);
        assertEquals("the result", Files.readString(blocked.watched().resolve("result/report.txt")));
    }

    @Test
    void aLinkInPlaceOfThePreserveFolderBlocksAndTheSourceIsKept() throws Exception {
        BlockedWrite blocked = dropBehindLinkedFolder("link-preserve", "\"resultFolder\":\"result/\",\"preserveFolder\":\"preserve/\"",
                "preserve", "source.txt", "the source".getBytes(), false, "WRITING");
        assertEquals("SUCCEEDED", blocked.putRight().getString("state"));
        assertEquals("the source", Files.readString(blocked.watched().resolve("preserve/source.txt")));
        assertEquals(List.of(blocked.watched().resolve("result/source.txt")), filesUnder(blocked.watched().resolve("result")),
                "the result written before the block is not written twice");
    }

    @Test
    void aLinkInPlaceOfTheFailureFolderBlocksAndTheFailureWaits() throws Exception {
        // A read-only source fails without running: its failure.log and source are all there is to write.
        BlockedWrite blocked = dropBehindLinkedFolder("link-failure", "", "failure", "locked.txt", "read-only".getBytes(), true, "WRITING");
        JsonObject job = blocked.putRight();
        assertEquals("FAILED", job.getString("state"), job::toString);
        Path log = blocked.watched().resolve(job.getJsonArray("results").getString(0));
        assertEquals("read-only", Files.readString(log.resolveSibling("locked.txt")), "the source is kept beside failure.log");
    }

    /** The log is text; a refusal is JSON, as curl would ask for it. */
    private static Reply logOf(ApiClient caller, String call) {
        var response = caller.raw("GET", call, Map.of("Accept", "*/*"), null);
        return new Reply(response.statusCode(), response.body());
    }

    @Test
    void aLinkInPlaceOfAFailureLogIsRefusedToAViewerAndRevealsNothing() throws Exception {
        Path watched = endpoint("link-log", "");
        Path file = drop(stack, watched, "locked.txt", "read-only".getBytes());
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("r--r--r--"));
        JsonObject job = awaitFinished(api, "link-log", 1).get(0);
        assertEquals("FAILED", job.getString("state"), job::toString);
        String logCall = "jobs/" + job.getString("id") + "/log";
        Path log = watched.resolve(job.getJsonArray("results").getString(0));
        assertEquals("failure.log", log.getFileName().toString(), job::toString);
        Reply created = api.post("users", "{\"name\":\"log-reader\",\"role\":\"viewer\",\"password\":\"log-reader-password\"}");
        assertEquals(201, created.status(), created::toString);
        ApiClient viewer = api.as("log-reader", "log-reader-password");
        Reply shown = logOf(viewer, logCall);
        assertEquals(200, shown.status(), shown::toString);
        assertTrue(shown.body().contains("source: locked.txt"), shown::toString);

        Path secret = Files.writeString(Files.createDirectories(stack.var().resolve("outside/log")).resolve("secret.txt"),
                "the secret outside the roots");
        Files.delete(log);
        Files.createSymbolicLink(log, secret);
        Reply refused = logOf(viewer, logCall);
        assertEquals(409, refused.status(), refused::toString);
        assertEquals("CNV-1019-E", refused.object().getString("code"), refused::toString);
        assertTrue(refused.object().getString("message").contains(log + " is not the file Conveyor wrote there: it is a symbolic link"),
                refused::toString);
        assertFalse(refused.body().contains("the secret outside the roots"), refused::toString);
        assertEquals("the secret outside the roots", Files.readString(secret));
    }

    @Test
    void aLinkInPlaceOfTheExpiredFolderBlocksAndTheJobWaitsUntilPutRight() throws Exception {
        BlockedWrite blocked = dropBehindLinkedFolder("link-expired", "\"wait\":{\"releaseSignalId\":\"never\",\"expirationDuration\":\"2 s\"}",
                "expired", "late.txt", "kept, not lost".getBytes(), false, "WAITING");
        // The sweep tries to expire it every 5 s; each try is rolled back.
        Thread.sleep(6000);
        assertEquals(blocked.before(), contentOf(blocked.outside()), "no expired.log or source went through the link");
        JsonObject job = blocked.putRight();
        assertEquals("EXPIRED", job.getString("state"), job::toString);
        Path log = blocked.watched().resolve(job.getJsonArray("results").getString(0));
        assertTrue(log.startsWith(blocked.watched().resolve("expired")), job::toString);
        assertEquals("kept, not lost", Files.readString(log.resolveSibling("late.txt")));
    }

    @Test
    void aLinkInsideADroppedJobFolderIsNotFollowed() throws Exception {
        Path watched = endpoint("link-in-folder", "");
        Path secret = Files.writeString(Files.createDirectories(stack.var().resolve("outside/in-folder")).resolve("secret.txt"),
                "the secret outside the roots");
        Path bundle = Files.createDirectories(stack.var().resolve("incoming/bundle"));
        Files.writeString(bundle.resolve("doc.txt"), "the document");
        Files.createSymbolicLink(bundle.resolve("secret.txt"), secret);
        Files.move(bundle, watched.resolve("bundle"), java.nio.file.StandardCopyOption.ATOMIC_MOVE);

        JsonObject job = awaitFinished(api, "link-in-folder", 1).get(0);
        for (Path entry : Drops.entriesUnder(watched)) {
            if (Files.isRegularFile(entry, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                String content;
                try {
                    content = Files.readString(entry);
                } catch (java.nio.file.NoSuchFileException movedOn) {
                    continue; // a stage folder's marker, its folder kept for a later claim since the walk
                }
                assertFalse(content.contains("the secret"), entry + " holds the link's target: " + job);
            }
            if (Files.isSymbolicLink(entry)) {
                assertFalse(entry.startsWith(watched.resolve("result")), "a link landed among the results: " + entry);
            }
        }
        assertEquals("the secret outside the roots", Files.readString(secret));
        assertEquals("SUCCEEDED", job.getString("state"), job::toString);
        List<String> results = job.getJsonArray("results").getValuesAs(jakarta.json.JsonString::getString);
        assertEquals(1, results.size(), "the link is no input: only the document was copied, " + results);
        assertEquals("the document", Files.readString(watched.resolve(results.get(0))));
    }

    @Test
    void aDroppedNameThatWouldClimbOutOfTheResultFolderFailsTheJob() throws Exception {
        // No exclude pattern: the default one skips hidden names, and '...txt' starts with a dot.
        Path watched = endpoint("climbing-name", "\"resultFolder\":\"result/%F/\",\"excludeFilePattern\":\"\"");
        drop(stack, watched, "...txt", "dot dot".getBytes());

        JsonObject job = awaitFinished(api, "climbing-name", 1).get(0);
        assertEquals("FAILED", job.getString("state"), job::toString);
        assertTrue(job.getString("failureReason").startsWith("CNV-8004-E The name '..' (%F in a folder pattern)"), job::toString);
        Path log = watched.resolve(job.getJsonArray("results").getString(0));
        assertEquals("dot dot", Files.readString(log.resolveSibling("...txt")), "the source is kept beside failure.log");
        Thread.sleep(2000);
        assertEquals(1, api.get("jobs?endpoint=climbing-name").array().size(), "no result landed back in the watched folder");
        assertTrue(Files.notExists(watched.resolve("result")), "nothing was written for the job's results");
        try (Stream<Path> entries = Files.list(watched)) {
            assertEquals(List.of(), entries.filter(Files::isRegularFile).toList(), "result/.. is the watched folder: nothing went there");
        }
    }

    @Test
    void aDroppedNameWithAControlCharacterFailsTheJob() throws Exception {
        Path watched = endpoint("control-name", "\"resultFolder\":\"result/%F/\"");
        drop(stack, watched, "bell\u0007.txt", "ring".getBytes());

        JsonObject job = awaitFinished(api, "control-name", 1).get(0);
        assertEquals("FAILED", job.getString("state"), job::toString);
        assertTrue(job.getString("failureReason").startsWith("CNV-8004-E The name 'bell\\u0007'"), job::toString);
        assertTrue(Files.notExists(watched.resolve("result")));
        assertEquals(java.util.Set.of("failure.log", "bell\u0007.txt"), filesUnder(watched.resolve("failure")).stream()
                .map(file -> file.getFileName().toString()).collect(java.util.stream.Collectors.toSet()), "the source is kept with its log");
    }

    @Test
    void submittedNamesThatClimbOrHoldControlCharactersAreRefused() throws Exception {
        Path watched = endpoint("submitted-names", "");
        ConveyorClient client = stack.client();
        try (JobInput input = client.openInput("submitted-names")) {
            for (String name : List.of("..", ".", "../escape.txt", "nul\0.txt", "line\nbreak.txt")) {
                SubmissionRefusedException refused = assertThrows(SubmissionRefusedException.class,
                        () -> input.put(Submission.document(name, "x".getBytes())), name);
                assertEquals("CNV-7008-E", refused.getCode(), name);
            }
        }
        assertEquals(0, api.get("jobs?endpoint=submitted-names").array().size());
        assertTrue(Files.notExists(watched.resolve("stage/escape.txt")) && Files.notExists(watched.resolve("escape.txt")));
    }

    @Test
    void aSubmittedPathInAnEndpointsStageFolderIsRefused() throws Exception {
        Path producers = stack.producerFolder();
        Path watched = Drops.createEndpoint(api, "{\"name\":\"producer-side\",\"path\":\"" + producers.resolve("producer-side")
                + "\",\"operationName\":\"copy\",\"repeatInterval\":1}");
        Path staged = Files.writeString(Files.createDirectories(watched.resolve("stage/someone-elses-job/in")).resolve("staged.txt"), "theirs");
        Path notDeclared = Files.writeString(stack.folders().resolve("undeclared.txt"), "not in a producer folder");
        endpoint("path-target", "");
        try (JobInput input = stack.client().openInput("path-target")) {
            SubmissionRefusedException inStage = assertThrows(SubmissionRefusedException.class,
                    () -> input.put(Submission.file(staged.toString())));
            assertEquals("CNV-7006-E", inStage.getCode());
            assertTrue(inStage.getMessage().contains("a folder Conveyor writes for endpoint 'producer-side'"), inStage.getMessage());
            SubmissionRefusedException undeclared = assertThrows(SubmissionRefusedException.class,
                    () -> input.put(Submission.file(notDeclared.toString())));
            assertEquals("CNV-7006-E", undeclared.getCode());
        }
        assertEquals("theirs", Files.readString(staged));
        assertEquals("not in a producer folder", Files.readString(notDeclared));
        assertEquals(0, api.get("jobs?endpoint=path-target").array().size());
    }

    @Test
    void anEndpointNamedDotDotIsRefused() {
        for (String name : List.of("..", ".", "a/..", "%2E%2E")) {
            Reply refused = api.post("endpoints", "{\"name\":\"" + name + "\",\"path\":\"dots\",\"operationName\":\"copy\"}");
            assertEquals(400, refused.status(), refused::toString);
            assertEquals("CNV-1003-E", refused.object().getString("code"), refused::toString);
            assertEquals("name", refused.object().getString("field"), refused::toString);
        }
        assertEquals(404, api.get("endpoints/dots").status());
    }

    @Test
    void overlappingFoldersAreRefusedNamingBoth() {
        Path outer = endpoint("nest-outer", "");
        Reply inner = api.post("endpoints", "{\"name\":\"nest-inner\",\"path\":\"nest-outer/inner\",\"operationName\":\"copy\"}");
        assertOverlap(inner, outer.resolve("inner"), outer, "nest-outer");

        Path deep = Drops.createEndpoint(api, "{\"name\":\"nest-deep\",\"path\":\"nest-around/deep\",\"operationName\":\"copy\"}");
        Reply around = api.post("endpoints", "{\"name\":\"nest-around\",\"path\":\"nest-around\",\"operationName\":\"copy\"}");
        assertOverlap(around, deep.getParent(), deep, "nest-deep");
        assertEquals(404, api.get("endpoints/nest-inner").status());
        assertEquals(404, api.get("endpoints/nest-around").status());
    }

    private static void assertOverlap(Reply refused, Path folder, Path other, String otherName) {
        assertEquals(400, refused.status(), refused::toString);
        assertEquals("CNV-1011-E", refused.object().getString("code"), refused::toString);
        String message = refused.object().getString("message");
        assertTrue(message.startsWith("Folder " + folder + " overlaps folder " + other + " of endpoint '" + otherName + "'"), message);
    }
}
