package dev.conveyor.stack;

import static dev.conveyor.stack.Drops.awaitFinished;
import static dev.conveyor.stack.Drops.drop;
import static dev.conveyor.stack.Drops.dropFolder;
import static dev.conveyor.stack.Drops.filesUnder;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Black-box: the watched-folder manual's behaviour where it touches files: where each drop lands
 * and what it holds.
 */
class FolderBehaviourStackIT extends OnSharedStack {

    private static Path endpoint(String name, String extraSettings) {
        return Drops.endpoint(api, name, "copy", "\"batchSize\":10" + (extraSettings.isEmpty() ? "" : "," + extraSettings));
    }

    @Test
    void aFileStillBeingWrittenIsNotTakenHalfDone() throws Exception {
        Path folder = endpoint("slow-writer", "");
        byte[] content = new byte[64 * 1024];
        new Random(3).nextBytes(content);
        try (OutputStream out = Files.newOutputStream(folder.resolve("growing.bin"), StandardOpenOption.CREATE_NEW)) {
            for (int offset = 0; offset < content.length; offset += 8 * 1024) {
                out.write(content, offset, 8 * 1024);
                out.flush();
                Thread.sleep(400);
            }
        }
        JsonObject job = awaitFinished(api, "slow-writer", 1).get(0);
        assertEquals("SUCCEEDED", job.getString("state"), job::toString);
        assertArrayEquals(content, Files.readAllBytes(folder.resolve(job.getJsonArray("results").getString(0))),
                "the result is the whole file, not the part written at the first look");
        assertEquals(1, api.get("jobs?endpoint=slow-writer").array().size(), "one file, one job");
    }

    @Test
    void aReadOnlyFileGoesToFailureUnprocessedWithAReason() throws Exception {
        Path folder = endpoint("read-only", "");
        Path file = drop(stack, folder, "locked.txt", "do not touch".getBytes());
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("r--r--r--"));
        JsonObject job = awaitFinished(api, "read-only", 1).get(0);
        assertEquals("FAILED", job.getString("state"));
        assertTrue(job.getString("failureReason").contains("read-only"), job::toString);
        Path log = folder.resolve(job.getJsonArray("results").getString(0));
        assertEquals("failure.log", log.getFileName().toString());
        assertTrue(Files.readString(log).contains("read-only"));
        assertEquals("do not touch", Files.readString(log.resolveSibling("locked.txt")), "the source is kept beside failure.log");
        assertTrue(Files.notExists(folder.resolve("result")), "nothing was processed");
    }

    @Test
    void withoutPreserveOnFailureOnlyTheFailureLogIsKept() throws Exception {
        Path folder = endpoint("no-preserve-on-failure", "\"preserveOnFailure\":false");
        Files.setPosixFilePermissions(drop(stack, folder, "locked.txt", "x".getBytes()), PosixFilePermissions.fromString("r--r--r--"));
        JsonObject job = awaitFinished(api, "no-preserve-on-failure", 1).get(0);
        assertEquals("FAILED", job.getString("state"));
        assertEquals(1, job.getJsonArray("results").size(), job::toString);
        assertEquals(List.of("failure.log"), filesUnder(folder.resolve("failure")).stream().map(p -> p.getFileName().toString()).toList());
    }

    @Test
    void aJobFolderThatDoesNotFitTheOperationFailsWithTheReasonAndIsKept() throws Exception {
        Path folder = endpoint("job-folder-copy", "");
        dropFolder(stack, folder, "two-files", Map.of("a.txt", "a".getBytes(), "b.txt", "b".getBytes()));
        JsonObject job = awaitFinished(api, "job-folder-copy", 1).get(0);
        assertEquals("FAILED", job.getString("state"), job::toString);
        assertTrue(job.getString("failureReason").contains("takes one document"), job::toString);
        Path log = folder.resolve(job.getJsonArray("results").getString(0));
        assertEquals("a", Files.readString(log.resolveSibling("two-files").resolve("a.txt")), "the job folder is kept whole");
    }

    @Test
    void aOneFileJobFolderIsProcessedAsItsDocument() throws Exception {
        Path folder = endpoint("job-folder-one", "");
        dropFolder(stack, folder, "single", Map.of("only.txt", "only".getBytes()));
        JsonObject job = awaitFinished(api, "job-folder-one", 1).get(0);
        assertEquals("SUCCEEDED", job.getString("state"), job::toString);
        assertEquals("only", Files.readString(folder.resolve(job.getJsonArray("results").getString(0))));
        assertTrue(Files.isDirectory(filesUnder(folder.resolve("preserve")).get(0).getParent()), "the job folder is preserved");
    }

    @Test
    void duplicateNamesGetAnIndexUnlessOverwriteIsOn() throws Exception {
        Path indexed = endpoint("duplicates-indexed", "\"resultFolder\":\"result/\"");
        drop(stack, indexed, "same.txt", "first".getBytes());
        awaitFinished(api, "duplicates-indexed", 1);
        drop(stack, indexed, "same.txt", "second".getBytes());
        awaitFinished(api, "duplicates-indexed", 2);
        assertEquals("first", Files.readString(indexed.resolve("result/same.txt")));
        assertEquals("second", Files.readString(indexed.resolve("result/same_1.txt")));

        Path overwritten = endpoint("duplicates-overwritten", "\"resultFolder\":\"result/\",\"overwriteDuplicateFilename\":true");
        drop(stack, overwritten, "same.txt", "first".getBytes());
        awaitFinished(api, "duplicates-overwritten", 1);
        drop(stack, overwritten, "same.txt", "second".getBytes());
        awaitFinished(api, "duplicates-overwritten", 2);
        assertEquals(List.of(overwritten.resolve("result/same.txt")), filesUnder(overwritten.resolve("result")));
        assertEquals("second", Files.readString(overwritten.resolve("result/same.txt")));
    }

    @Test
    void outputMappingsNameTheResults() throws Exception {
        Path renamed = endpoint("mapped-name", "\"resultFolder\":\"result/\",\"outputParameterMappings\":{\"output\":\"%F.bak\"}");
        drop(stack, renamed, "report.txt", "r".getBytes());
        awaitFinished(api, "mapped-name", 1);
        assertEquals("r", Files.readString(renamed.resolve("result/report.bak")));

        Path intoFolder = endpoint("mapped-folder", "\"resultFolder\":\"result/\",\"outputParameterMappings\":{\"output\":\"copies/\"}");
        drop(stack, intoFolder, "a b.txt", "spaced".getBytes());
        awaitFinished(api, "mapped-folder", 1);
        assertEquals("spaced", Files.readString(intoFolder.resolve("result/copies/a%20b.txt")),
                "a name the operation gives is made safe: characters other than letters and digits become hex");
    }

    @Test
    void includeAndExcludePatternsChooseWhatIsTaken() throws Exception {
        Path folder = endpoint("patterns", "\"includeFilePattern\":\"*.txt;Data[0-9][0-9].[dD][aA]'port'\",\"excludeFilePattern\":\"ex*\"");
        drop(stack, folder, "take.txt", "1".getBytes());
        drop(stack, folder, "Data42.daport", "2".getBytes());
        drop(stack, folder, "excluded.txt", "3".getBytes());
        drop(stack, folder, "other.pdf", "4".getBytes());
        drop(stack, folder, "Thumbs.db", "5".getBytes());
        List<JsonObject> jobs = awaitFinished(api, "patterns", 2);
        Thread.sleep(2500);
        assertEquals(2, api.get("jobs?endpoint=patterns").array().size(), "only the two matching files became jobs");
        assertTrue(jobs.stream().allMatch(j -> j.getString("state").equals("SUCCEEDED")));
        for (String untouched : List.of("excluded.txt", "other.pdf", "Thumbs.db")) {
            assertTrue(Files.exists(folder.resolve(untouched)), untouched + " stays in the input folder");
        }
    }

    @Test
    void waitTimeHoldsYoungFilesBack() throws Exception {
        Path folder = endpoint("wait-time", "\"waitTime\":4000");
        drop(stack, folder, "young.txt", "y".getBytes());
        Thread.sleep(2000);
        assertTrue(Files.exists(folder.resolve("young.txt")), "a file younger than waitTime stays");
        assertEquals("SUCCEEDED", awaitFinished(api, "wait-time", 1, Duration.ofSeconds(30)).get(0).getString("state"));
    }

    @Test
    void repeatCountStopsScanningAfterThatManyScans() throws Exception {
        Path folder = endpoint("repeat-twice", "\"repeatCount\":2");
        Thread.sleep(4000);
        drop(stack, folder, "too-late.txt", "z".getBytes());
        Thread.sleep(3000);
        assertTrue(Files.exists(folder.resolve("too-late.txt")), "after its two scans the endpoint takes nothing");
        assertEquals(0, api.get("jobs?endpoint=repeat-twice").array().size());
    }

    @Test
    void chainedEndpointsPassResultsOn() throws Exception {
        Path second = endpoint("chain-second", "\"resultFolder\":\"result/\"");
        endpoint("chain-first", "\"resultFolder\":\"" + second + "\"");
        Path first = Path.of(api.get("endpoints/chain-first").object().getString("path"));
        drop(stack, first, "relay.txt", "relayed".getBytes());
        awaitFinished(api, "chain-first", 1);
        awaitFinished(api, "chain-second", 1);
        assertEquals("relayed", Files.readString(second.resolve("result/relay.txt")));
    }
}
