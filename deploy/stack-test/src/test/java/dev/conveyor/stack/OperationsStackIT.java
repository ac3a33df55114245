package dev.conveyor.stack;

import static dev.conveyor.stack.Drops.awaitFinished;
import static dev.conveyor.stack.Drops.drop;
import static dev.conveyor.stack.Drops.dropFolder;
import static dev.conveyor.stack.Drops.filesUnder;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.operation.TestPdfs;
import jakarta.json.JsonObject;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/** Black-box: the built-in operations on real files, through endpoints, mappings and job folders. */
class OperationsStackIT extends OnSharedStack {

    private static Path endpoint(String name, String operation, String extraSettings) {
        return Drops.endpoint(api, name, operation, "\"resultFolder\":\"result/\"" + (extraSettings.isEmpty() ? "" : "," + extraSettings));
    }

    private static JsonObject onlyJob(String endpoint) throws InterruptedException {
        JsonObject job = awaitFinished(api, endpoint, 1).get(0);
        assertEquals("SUCCEEDED", job.getString("state"), job::toString);
        return job;
    }

    @Test
    void aJobFolderOfPdfsIsMergedInNameOrder() throws Exception {
        Path folder = endpoint("merge", "pdf.merge", "");
        Path parts = Files.createTempDirectory("parts");
        TestPdfs.write(parts.resolve("1-cover.pdf"), "cover");
        TestPdfs.write(parts.resolve("2-body.pdf"), "body one", "body two");
        dropFolder(stack, folder, "report", Map.of("1-cover.pdf", Files.readAllBytes(parts.resolve("1-cover.pdf")),
                "2-body.pdf", Files.readAllBytes(parts.resolve("2-body.pdf"))));
        JsonObject job = onlyJob("merge");
        Path merged = folder.resolve(job.getJsonArray("results").getString(0));
        assertEquals("merged.pdf", merged.getFileName().toString());
        assertEquals(List.of("cover", "body one", "body two"), TestPdfs.pageTexts(merged));
    }

    @Test
    void aPdfIsSplitIntoPagesInAFolderNamedByTheMapping() throws Exception {
        Path folder = endpoint("split", "pdf.split", "\"outputParameterMappings\":{\"output\":\"%F-pages\"}");
        Path source = Files.createTempDirectory("split").resolve("letter.pdf");
        TestPdfs.write(source, "first", "second", "third");
        drop(stack, folder, "letter.pdf", Files.readAllBytes(source));
        onlyJob("split");
        List<Path> pages = filesUnder(folder.resolve("result/letter-pages"));
        assertEquals(List.of("letter_page_1.pdf", "letter_page_2.pdf", "letter_page_3.pdf"),
                pages.stream().map(p -> p.getFileName().toString()).toList());
        assertEquals(List.of("second"), TestPdfs.pageTexts(pages.get(1)));
    }

    @Test
    void anImageIsConvertedWithLiteralParameters() throws Exception {
        Path folder = endpoint("thumbnails", "image.convert",
                "\"inputParameterMappings\":{\"format\":{\"type\":\"literal\",\"value\":\"jpeg\"},"
                        + "\"maxWidth\":{\"type\":\"literal\",\"value\":\"100\"}}");
        BufferedImage image = new BufferedImage(400, 200, BufferedImage.TYPE_INT_ARGB);
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        ImageIO.write(image, "png", png);
        drop(stack, folder, "wide.png", png.toByteArray());
        JsonObject job = onlyJob("thumbnails");
        Path thumbnail = folder.resolve(job.getJsonArray("results").getString(0));
        assertEquals("wide.jpeg", thumbnail.getFileName().toString());
        BufferedImage read = ImageIO.read(thumbnail.toFile());
        assertEquals(100, read.getWidth());
        assertEquals(50, read.getHeight());
    }

    @Test
    void xmlIsTransformedWithTheStylesheetMappedFromTheJobFolder() throws Exception {
        Path folder = endpoint("transform", "xml.transform",
                "\"inputParameterMappings\":{\"input\":{\"type\":\"variable\",\"value\":\"*.xml\"},"
                        + "\"stylesheet\":{\"type\":\"variable\",\"value\":\"*.xsl\"}}");
        Map<String, byte[]> job = new LinkedHashMap<>();
        job.put("order.xml", "<order><item>tea</item><item>cake</item></order>".getBytes(StandardCharsets.UTF_8));
        job.put("list.xsl", ("<xsl:stylesheet version=\"1.0\" xmlns:xsl=\"http://www.w3.org/1999/XSL/Transform\">"
                + "<xsl:output method=\"text\"/><xsl:template match=\"/\"><xsl:for-each select=\"order/item\">"
                + "<xsl:value-of select=\".\"/>;</xsl:for-each></xsl:template></xsl:stylesheet>").getBytes(StandardCharsets.UTF_8));
        dropFolder(stack, folder, "order-1", job);
        JsonObject done = onlyJob("transform");
        assertEquals("tea;cake;", Files.readString(folder.resolve(done.getJsonArray("results").getString(0))));
    }

    @Test
    void anArchiveIsUnpackedAndADigestWritten() throws Exception {
        Path unzipFolder = endpoint("unzip", "archive.unzip", "");
        ByteArrayOutputStream zip = new ByteArrayOutputStream();
        try (var out = new java.util.zip.ZipOutputStream(zip)) {
            out.putNextEntry(new java.util.zip.ZipEntry("docs/readme.txt"));
            out.write("read me".getBytes(StandardCharsets.UTF_8));
            out.putNextEntry(new java.util.zip.ZipEntry("data.csv"));
            out.write("a,b".getBytes(StandardCharsets.UTF_8));
        }
        drop(stack, unzipFolder, "bundle.zip", zip.toByteArray());
        onlyJob("unzip");
        assertEquals("read me", Files.readString(unzipFolder.resolve("result/docs/readme.txt")));
        assertEquals("a,b", Files.readString(unzipFolder.resolve("result/data.csv")));

        Path digestFolder = endpoint("digest", "digest", "");
        dropFolder(stack, digestFolder, "to-check", Map.of("x.txt", "x".getBytes(StandardCharsets.UTF_8)));
        JsonObject job = onlyJob("digest");
        assertTrue(Files.readString(digestFolder.resolve(job.getJsonArray("results").getString(0)))
                .contains("2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881  x.txt"));
    }

    @Test
    void anOperationDroppedAsAJarIsListedAndRuns() throws Exception {
        assertTrue(api.get("operations").array().stream().anyMatch(o -> o.asJsonObject().getString("signature")
                .equals("text.uppercase(input: Document, charset: String, delayMillis: long) -> output: Document")),
                "the example jar's operation is listed");
        Path folder = endpoint("shout", "text.uppercase", "");
        drop(stack, folder, "quiet.txt", "hello, world".getBytes(StandardCharsets.UTF_8));
        JsonObject job = onlyJob("shout");
        assertEquals("HELLO, WORLD", Files.readString(folder.resolve(job.getJsonArray("results").getString(0))));
    }

    @Test
    void aSlowSynchronousEndpointDoesNotHoldUpOtherEndpoints() throws Exception {
        Path slow = endpoint("slow-sync", "text.uppercase", "\"asynchronous\":false,"
                + "\"inputParameterMappings\":{\"delayMillis\":{\"type\":\"literal\",\"value\":\"15000\"}}");
        Path quick = endpoint("quick-beside-slow", "copy", "");
        drop(stack, slow, "slow.txt", "slow".getBytes(StandardCharsets.UTF_8));
        Instant deadline = Instant.now().plusSeconds(10);
        while (api.get("jobs?endpoint=slow-sync&state=RUNNING").array().isEmpty() && Instant.now().isBefore(deadline)) {
            Thread.sleep(100);
        }
        assertEquals(1, api.get("jobs?endpoint=slow-sync&state=RUNNING").array().size(), "the slow job is running in its scanner");
        drop(stack, quick, "quick.txt", "quick".getBytes(StandardCharsets.UTF_8));
        onlyJob("quick-beside-slow");
        assertEquals(1, api.get("jobs?endpoint=slow-sync&state=RUNNING").array().size(),
                "the other endpoint's file was done while the slow one still ran");
        assertEquals("SLOW", Files.readString(slow.resolve(onlyJob("slow-sync").getJsonArray("results").getString(0))));
    }
}
