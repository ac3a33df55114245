package dev.conveyor.stack;

import static dev.conveyor.stack.Drops.awaitFinished;
import static dev.conveyor.stack.Drops.drop;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.operation.TestPdfs;
import jakarta.json.JsonObject;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;

/** Black-box: a job split into child jobs on another endpoint, released and joined when they are done. */
class FanOutStackIT extends OnSharedStack {

    private static Path fanOutPair(String name, String splitOperation, String childOperation) {
        Drops.endpoint(api, name + "-pages", childOperation,
                "\"batchSize\":10,\"notify\":{\"on\":\"success\",\"releaseSignalId\":\"${fragment.identifier}\"}");
        return Drops.endpoint(api, name, splitOperation,
                "\"fanOut\":{\"endpoint\":\"" + name + "-pages\",\"joinOperation\":\"archive.zip\"}");
    }

    @Test
    void aTwentyPagePdfIsSplitEveryPageReadAndTheOriginalReleasedWhenAllAreDone() throws Exception {
        Path folder = fanOutPair("book", "pdf.split", "pdf.extractText");
        String[] pages = IntStream.rangeClosed(1, 20).mapToObj(page -> "chapter " + page).toArray(String[]::new);
        Path pdf = Files.createTempFile("book", ".pdf");
        TestPdfs.write(pdf, pages);
        drop(stack, folder, "book.pdf", Files.readAllBytes(pdf));

        JsonObject parent = awaitFinished(api, "book", 1, Duration.ofMinutes(4)).get(0);
        assertEquals("SUCCEEDED", parent.getString("state"), parent::toString);
        List<JsonObject> children = awaitFinished(api, "book-pages", 20);
        assertTrue(children.stream().allMatch(child -> child.getString("state").equals("SUCCEEDED")
                && child.getJsonObject("attributes").getString("fragment.identifier").equals(parent.getString("id"))
                && child.getJsonObject("attributes").getString("fragment.count").equals("20")), children::toString);
        assertEquals("20", parent.getJsonObject("attributes").getString("wait.counter.default"), "released on the twentieth signal");

        Path zip = folder.resolve(parent.getJsonArray("results").getString(0));
        List<String> texts = new ArrayList<>();
        try (ZipInputStream entries = new ZipInputStream(Files.newInputStream(zip))) {
            for (ZipEntry entry = entries.getNextEntry(); entry != null; entry = entries.getNextEntry()) {
                texts.add(new String(entries.readAllBytes(), StandardCharsets.UTF_8).strip());
            }
        }
        assertEquals(20, texts.size(), texts::toString);
        for (int page = 1; page <= 20; page++) {
            assertEquals("chapter " + page, texts.get(page - 1), "the join keeps the pages' order");
        }
        assertEquals(1, Files.list(folder.resolve("preserve")).count(), "the original is preserved once");
    }

    @Test
    void aFailedChildFailsItsParentAtOnceWithTheChildsReason() throws Exception {
        Path folder = fanOutPair("bundle", "archive.unzip", "pdf.extractText");
        Path good = Files.createTempFile("good", ".pdf");
        TestPdfs.write(good, "fine");
        ByteArrayOutputStream zip = new ByteArrayOutputStream();
        try (ZipOutputStream out = new ZipOutputStream(zip)) {
            out.putNextEntry(new ZipEntry("a-good.pdf"));
            out.write(Files.readAllBytes(good));
            out.putNextEntry(new ZipEntry("b-broken.pdf"));
            out.write("not a pdf at all".getBytes(StandardCharsets.UTF_8));
        }
        drop(stack, folder, "bundle.zip", zip.toByteArray());

        JsonObject parent = awaitFinished(api, "bundle", 1, Duration.ofMinutes(2)).get(0);
        assertEquals("FAILED", parent.getString("state"), parent::toString);
        String reason = parent.getString("failureReason");
        assertTrue(reason.startsWith("fragment 2 of 2 (b-broken.pdf"), reason);
        assertTrue(reason.contains("CNV-3001-E"), "the child's own reason is quoted: " + reason);
        Path log = folder.resolve(parent.getJsonArray("results").getString(0));
        assertTrue(Files.readString(log).contains("b-broken.pdf"));
        assertTrue(Files.exists(log.resolveSibling("bundle.zip")), "the source is kept with the reason");
    }
}
