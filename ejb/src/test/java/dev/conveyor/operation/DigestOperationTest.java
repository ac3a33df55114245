package dev.conveyor.operation;

import static dev.conveyor.operation.Operation.INPUT;
import static dev.conveyor.operation.Operation.OUTPUT;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DigestOperationTest {

    /** The SHA-256 of no bytes, as published in FIPS 180 examples and printed by every sha256sum. */
    private static final String EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

    @TempDir
    Path folder;

    private final DigestOperation digest = new DigestOperation();

    private Document file(String name, byte[] content) throws IOException {
        return Document.of(Files.write(folder.resolve(name), content));
    }

    private static String sha256(Document document) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(document.path())));
    }

    @Test
    void listsEachDocumentsSha256SortedByName() throws Exception {
        byte[] large = new byte[300_000];
        new Random(7).nextBytes(large);
        Document zebra = file("zebra.bin", large);
        Document apple = file("apple.txt", "apple\n".getBytes(UTF_8));
        Document empty = file("empty", new byte[0]);

        Document manifest = (Document) digest.run(new OperationContext(Map.of(INPUT, List.of(zebra, apple, empty)), folder.resolve("work")))
                .get(OUTPUT);

        assertEquals("manifest.sha256", manifest.name());
        assertEquals(List.of(
                sha256(apple) + "  apple.txt",
                EMPTY_SHA256 + "  empty",
                sha256(zebra) + "  zebra.bin"), Files.readAllLines(manifest.path(), UTF_8));
    }

    /** Lines as GNU coreutils 9 sha256sum writes them for such names. */
    @Test
    void escapesBackslashesAndLineBreaksInNamesAsSha256sumDoes() {
        assertEquals("\\" + EMPTY_SHA256 + "  c\\\\d\n", DigestOperation.line(EMPTY_SHA256, "c\\d"));
        assertEquals("\\" + EMPTY_SHA256 + "  e\\nf\n", DigestOperation.line(EMPTY_SHA256, "e\nf"));
        assertEquals("\\" + EMPTY_SHA256 + "  a\\rb\n", DigestOperation.line(EMPTY_SHA256, "a\rb"));
        assertEquals(EMPTY_SHA256 + "  plain name.txt\n", DigestOperation.line(EMPTY_SHA256, "plain name.txt"));
    }
}
