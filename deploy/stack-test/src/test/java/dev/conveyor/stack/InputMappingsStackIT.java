package dev.conveyor.stack;

import static dev.conveyor.stack.Drops.awaitFinished;
import static dev.conveyor.stack.Drops.dropFolder;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.client.JobInput;
import dev.conveyor.client.Submission;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/**
 * Black-box: variable input mappings as the watched-folder manual has them: a pattern matching
 * several files for a one-document parameter calls the operation once per file, and a pattern on
 * a String parameter passes the matching file's text; by a dropped job folder and by a JMS
 * submission alike.
 */
class InputMappingsStackIT extends OnSharedStack {

    private static final String PER_TEXT_FILE = "\"resultFolder\":\"result/\",\"inputParameterMappings\":"
            + "{\"input\":{\"type\":\"variable\",\"value\":\"*.txt\"}}";

    /** The job's results by file name, with their text. */
    private static Map<String, String> results(Path folder, JsonObject job) throws Exception {
        Map<String, String> results = new TreeMap<>();
        for (var result : job.getJsonArray("results").getValuesAs(JsonString.class)) {
            Path file = folder.resolve(result.getString());
            results.put(file.getFileName().toString(), Files.readString(file));
        }
        return results;
    }

    @Test
    void aPatternMatchingSeveralFilesCallsTheOperationOncePerFile() throws Exception {
        Path folder = Drops.endpoint(api, "per-file", "copy", PER_TEXT_FILE);
        dropFolder(stack, folder, "letters", Map.of("a.txt", "alpha".getBytes(), "b.txt", "beta".getBytes(),
                "c.txt", "gamma".getBytes(), "cover.dat", "not text".getBytes()));
        JsonObject job = awaitFinished(api, "per-file", 1).get(0);
        assertEquals("SUCCEEDED", job.getString("state"), job::toString);
        assertEquals(Map.of("a.txt", "alpha", "b.txt", "beta", "c.txt", "gamma"), results(folder, job),
                "one job, one copy per matching file");
    }

    @Test
    void theSameMappingsApplyToAJobFolderSubmittedThroughJms() throws Exception {
        Path folder = Drops.endpoint(api, "per-file-jms", "copy", PER_TEXT_FILE);
        Path submitted = Files.createDirectories(stack.producerFolder().resolve("by-jms"));
        Files.writeString(submitted.resolve("x.txt"), "ex");
        Files.writeString(submitted.resolve("y.txt"), "why");
        try (JobInput input = stack.client().openInput("per-file-jms")) {
            String jobId = input.put(Submission.file(submitted.toString()));
            JsonObject job = awaitFinished(api, "per-file-jms", 1).get(0);
            assertEquals(jobId, job.getString("id"));
            assertEquals("SUCCEEDED", job.getString("state"), job::toString);
            assertEquals(Map.of("x.txt", "ex", "y.txt", "why"), results(folder, job));
        }
    }

    @Test
    void aPatternOnAStringParameterPassesTheFilesText() throws Exception {
        Path folder = Drops.endpoint(api, "format-from-file", "image.convert", "\"resultFolder\":\"result/\","
                + "\"inputParameterMappings\":{\"input\":{\"type\":\"variable\",\"value\":\"*.png\"},"
                + "\"format\":{\"type\":\"variable\",\"value\":\"*.format\"}}");
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        ImageIO.write(new BufferedImage(4, 4, BufferedImage.TYPE_INT_RGB), "png", png);
        dropFolder(stack, folder, "picture", Map.of("photo.png", png.toByteArray(),
                "wanted.format", "gif\n".getBytes(StandardCharsets.UTF_8)));
        JsonObject job = awaitFinished(api, "format-from-file", 1).get(0);
        assertEquals("SUCCEEDED", job.getString("state"), job::toString);
        List<String> results = job.getJsonArray("results").getValuesAs(JsonString.class).stream()
                .map(JsonString::getString).toList();
        assertEquals(1, results.size(), results::toString);
        assertTrue(results.get(0).endsWith("photo.gif"), results::toString);
        byte[] written = Files.readAllBytes(folder.resolve(results.get(0)));
        assertEquals("GIF8", new String(Arrays.copyOf(written, 4), StandardCharsets.US_ASCII), "the text 'gif' chose the format");
    }
}
