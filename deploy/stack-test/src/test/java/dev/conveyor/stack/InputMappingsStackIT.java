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
import java.io.ByteArrayInputStream;
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
 * several files for a one-document parameter calls the operation once per file, a pattern on a
 * String parameter passes the matching file's text, and one on an int parameter the number that
 * text holds; by a dropped job folder and by a JMS submission alike.
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

    /** Writes a job folder where producers put files, submits it by path through JMS, and returns its job once finished. */
    private static JsonObject submittedThroughJms(String endpoint, String folderName, Map<String, byte[]> files) throws Exception {
        Path submitted = Files.createDirectories(stack.producerFolder().resolve(folderName));
        for (var file : files.entrySet()) {
            Files.write(submitted.resolve(file.getKey()), file.getValue());
        }
        try (JobInput input = stack.client().openInput(endpoint)) {
            String jobId = input.put(Submission.file(submitted.toString()));
            JsonObject job = awaitFinished(api, endpoint, 1).get(0);
            assertEquals(jobId, job.getString("id"));
            return job;
        }
    }

    @Test
    void theSameMappingsApplyToAJobFolderSubmittedThroughJms() throws Exception {
        Path folder = Drops.endpoint(api, "per-file-jms", "copy", PER_TEXT_FILE);
        JsonObject job = submittedThroughJms("per-file-jms", "by-jms", Map.of("x.txt", "ex".getBytes(), "y.txt", "why".getBytes()));
        assertEquals("SUCCEEDED", job.getString("state"), job::toString);
        assertEquals(Map.of("x.txt", "ex", "y.txt", "why"), results(folder, job));
    }

    private static final String FORMAT_FROM_FILE = "\"resultFolder\":\"result/\",\"inputParameterMappings\":"
            + "{\"input\":{\"type\":\"variable\",\"value\":\"*.png\"},\"format\":{\"type\":\"variable\",\"value\":\"*.format\"},"
            + "\"maxWidth\":{\"type\":\"variable\",\"value\":\"*.width\"}}";

    private static byte[] png(int width, int height) throws Exception {
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        ImageIO.write(new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB), "png", png);
        return png.toByteArray();
    }

    /** The job's one result, which must be photo.png converted to a GIF of the given width. */
    private static void assertAGifOfWidth(Path folder, JsonObject job, int width) throws Exception {
        assertEquals("SUCCEEDED", job.getString("state"), job::toString);
        List<String> results = job.getJsonArray("results").getValuesAs(JsonString.class).stream()
                .map(JsonString::getString).toList();
        assertEquals(1, results.size(), results::toString);
        assertTrue(results.get(0).endsWith("photo.gif"), results::toString);
        byte[] written = Files.readAllBytes(folder.resolve(results.get(0)));
        assertEquals("GIF8", new String(Arrays.copyOf(written, 4), StandardCharsets.US_ASCII), "the text 'gif' chose the format");
        assertEquals(width, ImageIO.read(new ByteArrayInputStream(written)).getWidth(), "the number in the .width file scaled it");
    }

    @Test
    void patternsOnAStringAndAnIntParameterPassTheFilesTextAndTheNumberItHolds() throws Exception {
        Path folder = Drops.endpoint(api, "format-from-file", "image.convert", FORMAT_FROM_FILE);
        dropFolder(stack, folder, "picture", Map.of("photo.png", png(8, 4),
                "wanted.format", "gif\n".getBytes(StandardCharsets.UTF_8), "half.width", "4\n".getBytes(StandardCharsets.UTF_8)));
        assertAGifOfWidth(folder, awaitFinished(api, "format-from-file", 1).get(0), 4);
    }

    @Test
    void theStringAndIntMappingsApplyToAJobFolderSubmittedThroughJms() throws Exception {
        Path folder = Drops.endpoint(api, "format-from-file-jms", "image.convert", FORMAT_FROM_FILE);
        JsonObject job = submittedThroughJms("format-from-file-jms", "picture-by-jms", Map.of("photo.png", png(6, 6),
                "wanted.format", "gif".getBytes(StandardCharsets.UTF_8), "small.width", "3".getBytes(StandardCharsets.UTF_8)));
        assertAGifOfWidth(folder, job, 3);
    }

    @Test
    void anIntParameterWhoseFileHoldsNoNumberFailsTheJobSayingWhatTheFileHolds() throws Exception {
        Path folder = Drops.endpoint(api, "width-not-a-number", "image.convert", FORMAT_FROM_FILE);
        dropFolder(stack, folder, "picture", Map.of("photo.png", png(4, 4),
                "wanted.format", "gif".getBytes(StandardCharsets.UTF_8), "bad.width", "wide".getBytes(StandardCharsets.UTF_8)));
        JsonObject job = awaitFinished(api, "width-not-a-number", 1).get(0);
        assertEquals("FAILED", job.getString("state"), job::toString);
        assertTrue(job.getString("failureReason").contains("input 'maxWidth' takes the int written in 'bad.width', but it holds 'wide'"),
                job::toString);
        assertEquals(1, job.getInt("attempts"), "a file that does not fit the inputs is not tried again: " + job);
    }
}
