package dev.conveyor.operation;

import static dev.conveyor.operation.Operation.INPUT;
import static dev.conveyor.operation.Operation.OUTPUT;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ArchiveUnzipOperationTest {

    @TempDir
    Path folder;

    @SuppressWarnings("unchecked")
    private List<Document> run(ArchiveUnzipOperation unzip, Document archive) throws Exception {
        return (List<Document>) unzip.run(new OperationContext(Map.of(INPUT, archive), folder.resolve("work"))).get(OUTPUT);
    }

    private List<Document> run(Document archive) throws Exception {
        return run(new ArchiveUnzipOperation(), archive);
    }

    private Document zip(Map<String, byte[]> entries) throws Exception {
        return TestZips.write(folder.resolve("in.zip"), entries);
    }

    @Test
    void givesOneDocumentPerFileNamedByItsPathInTheArchive() throws Exception {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        entries.put("readme.txt", "top".getBytes(UTF_8));
        entries.put("sub/", new byte[0]);
        entries.put("sub/a.txt", "nested".getBytes(UTF_8));
        entries.put("sub/deeper/b.bin", new byte[] {0, 1, 2, (byte) 255});

        List<Document> files = run(zip(entries));

        assertEquals(List.of("readme.txt", "sub/a.txt", "sub/deeper/b.bin"), files.stream().map(Document::name).toList());
        for (Document file : files) {
            assertArrayEquals(entries.get(file.name()), Files.readAllBytes(file.path()), file.name());
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"../evil.txt", "sub/../../evil.txt", "..", "/tmp/evil.txt", "C:/evil.txt", "..\\evil.txt", "\\evil.txt"})
    void refusesAnEntryThatWouldUnpackOutsideItsFolder(String name) throws Exception {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        entries.put("fine.txt", "fine".getBytes(UTF_8));
        entries.put(name, "gotcha".getBytes(UTF_8));
        Document archive = zip(entries);

        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> run(archive));

        assertEquals("'in.zip' holds the entry '" + name + "', which would unpack outside its folder; "
                + "the archive is refused as unsafe (zip slip)", error.getMessage());
        assertFalse(Files.exists(folder.resolve("evil.txt")));
    }

    @Test
    void acceptsNamesThatOnlyLookLikeParentFolders() throws Exception {
        List<Document> files = run(zip(Map.of("..hidden/notes..txt", "ok".getBytes(UTF_8))));

        assertEquals("..hidden/notes..txt", files.get(0).name());
    }

    @Test
    void refusesMoreEntriesThanTheLimit() throws Exception {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        for (int n = 1; n <= 4; n++) {
            entries.put(n + ".txt", new byte[] {(byte) n});
        }
        Document archive = zip(entries);

        assertEquals(4, run(new ArchiveUnzipOperation(4), archive).size());
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> run(new ArchiveUnzipOperation(3), archive));

        assertTrue(error.getMessage().startsWith("'in.zip' holds 4 entries, more than the 3 an archive may hold"), error.getMessage());
    }

    @Test
    void theEntryLimitIsTenThousand() {
        assertEquals(10_000, ArchiveUnzipOperation.MAX_ENTRIES);
    }

    @Test
    void refusesAFileThatIsNotAZip() throws Exception {
        Path text = Files.writeString(folder.resolve("photos.zip"), "not an archive");

        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> run(Document.of(text)));

        assertTrue(error.getMessage().startsWith("'photos.zip' is not a readable zip archive"), error.getMessage());
    }
}
