package dev.conveyor.operation;

import static dev.conveyor.operation.Operation.INPUT;
import static dev.conveyor.operation.Operation.OUTPUT;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ArchiveZipOperationTest {

    @TempDir
    Path folder;

    private final ArchiveZipOperation zip = new ArchiveZipOperation();

    private Document run(List<Document> inputs) throws Exception {
        return (Document) zip.run(new OperationContext(Map.of(INPUT, inputs), folder.resolve("zip-work"))).get(OUTPUT);
    }

    /** A document whose file lives in a folder of its own, so that several may carry the same name. */
    private Document document(String name, byte[] content) throws IOException {
        Path file = Files.createTempDirectory(folder, "doc").resolve("content");
        return new Document(name, Files.write(file, content));
    }

    private static List<String> entryNames(Document archive) throws IOException {
        try (ZipFile zip = new ZipFile(archive.path().toFile())) {
            return Collections.list(zip.entries()).stream().map(ZipEntry::getName).toList();
        }
    }

    @Test
    void unzippingTheArchiveGivesBackTheSameNamesAndBytes() throws Exception {
        byte[] random = new byte[200_000];
        new Random(42).nextBytes(random);
        List<Document> inputs = List.of(
                document("report.pdf", random),
                document("notes.txt", "first line\nsecond line\n".getBytes(UTF_8)),
                document("sub/empty.dat", new byte[0]));

        Document archive = run(inputs);
        @SuppressWarnings("unchecked")
        List<Document> unpacked = (List<Document>) new ArchiveUnzipOperation()
                .run(new OperationContext(Map.of(INPUT, archive), folder.resolve("unzip-work"))).get(OUTPUT);

        assertEquals("archive.zip", archive.name());
        assertEquals(List.of("report.pdf", "notes.txt", "sub/empty.dat"), unpacked.stream().map(Document::name).toList());
        for (int i = 0; i < inputs.size(); i++) {
            assertArrayEquals(Files.readAllBytes(inputs.get(i).path()), Files.readAllBytes(unpacked.get(i).path()), inputs.get(i).name());
        }
    }

    @Test
    void numbersEqualNamesSkippingNamesAlreadyTaken() throws Exception {
        List<Document> inputs = new ArrayList<>();
        for (String name : List.of("a_1.txt", "a.txt", "a.txt", "a.txt", "sub.d/README", "sub.d/README")) {
            inputs.add(document(name, name.getBytes(UTF_8)));
        }

        Document archive = run(inputs);

        assertEquals(List.of("a_1.txt", "a.txt", "a_2.txt", "a_3.txt", "sub.d/README", "sub.d/README_1"), entryNames(archive));
    }

    @Test
    void refusesANameThatWouldUnpackOutsideItsFolder() throws Exception {
        Document outside = document("../escape.txt", new byte[] {1});

        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> run(List.of(outside)));

        assertTrue(error.getMessage().startsWith("'../escape.txt' cannot be a name in an archive"), error.getMessage());
    }
}
