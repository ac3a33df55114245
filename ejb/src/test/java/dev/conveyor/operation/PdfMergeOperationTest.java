package dev.conveyor.operation;

import static dev.conveyor.operation.Operation.INPUT;
import static dev.conveyor.operation.Operation.OUTPUT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PdfMergeOperationTest {

    @TempDir
    Path folder;

    private final PdfMergeOperation merge = new PdfMergeOperation();

    private Map<String, Object> run(List<Document> inputs) throws Exception {
        return merge.run(new OperationContext(Map.of(INPUT, inputs), folder.resolve("work")));
    }

    @Test
    void joinsEveryPageInTheOrderTheDocumentsAreGiven() throws Exception {
        Document alpha = TestPdfs.write(folder.resolve("a.pdf"), "alpha one", "alpha two");
        Document bravo = TestPdfs.write(folder.resolve("b.pdf"), "bravo one");

        Document merged = (Document) run(List.of(bravo, alpha)).get(OUTPUT);

        assertEquals("merged.pdf", merged.name());
        assertEquals(List.of("bravo one", "alpha one", "alpha two"), TestPdfs.pageTexts(merged.path()));
    }

    @Test
    void refusesAFileThatIsNotAPdfNamingIt() throws Exception {
        Document pdf = TestPdfs.write(folder.resolve("a.pdf"), "alpha");
        Path text = Files.writeString(folder.resolve("notes.txt"), "just some notes");

        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> run(List.of(pdf, Document.of(text))));

        assertTrue(error.getMessage().startsWith("'notes.txt' is not a PDF"), error.getMessage());
    }

    @Test
    void refusesADamagedPdfNamingIt() throws Exception {
        Path pdf = TestPdfs.write(folder.resolve("whole.pdf"), "alpha").path();
        byte[] bytes = Files.readAllBytes(pdf);
        Path truncated = Files.write(folder.resolve("cut.pdf"), Arrays.copyOf(bytes, 40));

        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> run(List.of(Document.of(truncated))));

        assertTrue(error.getMessage().startsWith("'cut.pdf' could not be read as a PDF"), error.getMessage());
    }

    @Test
    void refusesAnEmptyList() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> run(List.of()));

        assertTrue(error.getMessage().contains("no PDFs to merge"), error.getMessage());
    }
}
