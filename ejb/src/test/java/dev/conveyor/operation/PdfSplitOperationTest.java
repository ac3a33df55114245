package dev.conveyor.operation;

import static dev.conveyor.operation.Operation.INPUT;
import static dev.conveyor.operation.Operation.OUTPUT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PdfSplitOperationTest {

    @TempDir
    Path folder;

    private final PdfSplitOperation split = new PdfSplitOperation();

    @SuppressWarnings("unchecked")
    private List<Document> run(Document input) throws Exception {
        return (List<Document>) split.run(new OperationContext(Map.of(INPUT, input), folder.resolve("work"))).get(OUTPUT);
    }

    @Test
    void writesOnePdfPerPageNumberedToTheWidthOfThePageCount() throws Exception {
        String[] texts = IntStream.rangeClosed(1, 12).mapToObj(n -> "page number " + n).toArray(String[]::new);
        Document report = TestPdfs.write(folder.resolve("report.pdf"), texts);

        List<Document> pages = run(report);

        assertEquals(12, pages.size());
        for (int n = 1; n <= 12; n++) {
            Document page = pages.get(n - 1);
            assertEquals(String.format("report_page_%02d.pdf", n), page.name());
            assertEquals(List.of("page number " + n), TestPdfs.pageTexts(page.path()));
        }
    }

    @Test
    void numbersWithoutPaddingBelowTenPages() throws Exception {
        Document memo = TestPdfs.write(folder.resolve("memo.v2.pdf"), "one", "two", "three");

        List<String> names = run(memo).stream().map(Document::name).toList();

        assertEquals(List.of("memo.v2_page_1.pdf", "memo.v2_page_2.pdf", "memo.v2_page_3.pdf"), names);
    }

    @Test
    void refusesAPdfWithMorePagesThanItsLimitWritingNothing() throws Exception {
        Document big = TestPdfs.write(folder.resolve("big.pdf"), "1", "2", "3", "4");

        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> new PdfSplitOperation(3).run(new OperationContext(Map.of(INPUT, big), folder.resolve("work"))));

        assertTrue(error.getMessage().contains("has 4 pages, more than the 3"), error.getMessage());
        assertTrue(Files.notExists(folder.resolve("work")) || Files.list(folder.resolve("work")).findAny().isEmpty());
    }

    @Test
    void refusesAFileThatIsNotAPdf() throws Exception {
        Path image = Files.write(folder.resolve("scan.pdf"), new byte[] {(byte) 0x89, 'P', 'N', 'G'});

        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> run(Document.of(image)));

        assertTrue(error.getMessage().startsWith("'scan.pdf' is not a PDF"), error.getMessage());
    }
}
