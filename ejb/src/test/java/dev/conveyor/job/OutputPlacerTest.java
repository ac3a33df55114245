package dev.conveyor.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.endpoint.FolderTemplate;
import dev.conveyor.operation.Document;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutputPlacerTest {

    @TempDir
    Path root;

    private Path out;
    private Path work;
    private int documents;

    @BeforeEach
    void setUp() throws IOException {
        out = Files.createDirectories(root.resolve("out"));
        work = Files.createDirectories(root.resolve("work"));
    }

    /** An output document as an operation writes it: a file of its own in the work folder, carrying a name. */
    private Document document(String name) throws IOException {
        Path file = Files.createDirectories(work.resolve(Integer.toString(++documents))).resolve("content");
        Files.writeString(file, "content of " + name);
        return new Document(name, file);
    }

    private List<Document> documents(String... names) throws IOException {
        List<Document> list = new ArrayList<>();
        for (String name : names) {
            list.add(document(name));
        }
        return list;
    }

    @Test
    void aDocumentLyingInTheWorkFolderItselfKeepsItsNameThereAsTheSameFileAndOneInAFolderOfItsOwnIsMoved() throws IOException {
        Path made = Files.writeString(work.resolve("report.txt"), "report");
        Document nested = document("notes.txt");
        Path nestedPath = nested.path();

        List<String> units = place(outputs("report", new Document("report.txt", made), "notes", nested), Map.of(), droppedFile("in.pdf"));

        assertEquals(List.of("report.txt", "notes.txt"), units);
        assertTrue(Files.isSameFile(made, out.resolve("report.txt")), "placed by a hard link, its name in the work folder kept");
        assertFalse(Files.exists(nestedPath), "a document in a folder of its own is moved");
        assertEquals("content of notes.txt", Files.readString(out.resolve("notes.txt")));
    }

    private Path droppedFile(String name) throws IOException {
        return Files.writeString(Files.createDirectories(root.resolve("in")).resolve(name), "source");
    }

    private Path droppedJobFolder(String name) throws IOException {
        Path folder = Files.createDirectories(root.resolve("in").resolve(name));
        Files.writeString(folder.resolve("a.xml"), "a");
        return folder;
    }

    private List<String> place(Map<String, Object> outputs, Map<String, String> mappings, Path staged) throws IOException {
        FolderTemplate.Values values = new FolderTemplate.Values(ZonedDateTime.of(2009, 7, 17, 20, 0, 0, 0, ZoneOffset.UTC),
                "job-1", "invoices", staged.getFileName().toString(), new Random(1));
        return OutputPlacer.place(outputs, mappings, staged, values, out, work).stream().map(Path::toString).toList();
    }

    private static Map<String, Object> outputs(Object... nameValuePairs) {
        Map<String, Object> outputs = new LinkedHashMap<>();
        for (int i = 0; i < nameValuePairs.length; i += 2) {
            outputs.put((String) nameValuePairs[i], nameValuePairs[i + 1]);
        }
        return outputs;
    }

    private String content(String relative) throws IOException {
        return Files.readString(out.resolve(relative));
    }

    /** Every file under out, relative and sorted. */
    private List<String> tree() throws IOException {
        try (Stream<Path> walk = Files.walk(out)) {
            return walk.filter(Files::isRegularFile).map(path -> out.relativize(path).toString()).sorted().toList();
        }
    }

    // --- without mappings ---

    @Test
    void documentGoesUnderItsOwnName() throws IOException {
        Document report = document("report.txt");

        assertEquals(List.of("report.txt"), place(outputs("output", report), Map.of(), droppedFile("scan.pdf")));

        assertEquals("content of report.txt", content("report.txt"));
        assertFalse(Files.exists(report.path()));
    }

    @Test
    void documentNameIsMadeSafe() throws IOException {
        assertEquals(List.of("my%20report%2Efinal.txt"),
                place(outputs("output", document("my report.final.txt")), Map.of(), droppedFile("scan.pdf")));
        assertEquals("content of my report.final.txt", content("my%20report%2Efinal.txt"));
    }

    @Test
    void listFromAFileGivesOneUnitPerDocument() throws IOException {
        assertEquals(List.of("page-1.png", "page-2.png"),
                place(outputs("pages", documents("page-1.png", "page-2.png")), Map.of(), droppedFile("scan.pdf")));
        assertEquals(List.of("page-1.png", "page-2.png"), tree());
    }

    @Test
    void duplicateNamesInAListGetAnIndexInListOrder() throws IOException {
        List<Document> pages = documents("page.png", "page.png", "page.png");
        Files.writeString(pages.get(1).path(), "second");

        assertEquals(List.of("page.png", "page_1.png", "page_2.png"), place(outputs("pages", pages), Map.of(), droppedFile("scan.pdf")));
        assertEquals("second", content("page_1.png"));
    }

    @Test
    void mapIsLaidOutByItsKeysNotTheDocumentsNames() throws IOException {
        Map<String, Document> map = new LinkedHashMap<>();
        map.put("first.txt", document("ignored-1"));
        map.put("sub/second.txt", document("ignored-2"));

        assertEquals(List.of("first.txt", "sub/second.txt"), place(outputs("parts", map), Map.of(), droppedFile("scan.pdf")));
        assertEquals("content of ignored-1", content("first.txt"));
        assertEquals("content of ignored-2", content("sub/second.txt"));
    }

    @Test
    void twoOutputsWantingOneNameDoNotOverwriteEachOther() throws IOException {
        Document a = document("a.txt");
        Document b = document("a.txt");
        Files.writeString(b.path(), "b");

        assertEquals(List.of("a.txt", "a_1.txt"), place(outputs("first", a, "second", b), Map.of(), droppedFile("scan.pdf")));
        assertEquals("b", content("a_1.txt"));
    }

    @Test
    void severalDocumentsFromAJobFolderGoIntoAFolderNamedAfterIt() throws IOException {
        assertEquals(List.of("batch-7"), place(outputs("output", documents("a.txt", "b.txt")), Map.of(), droppedJobFolder("batch-7")));
        assertEquals(List.of("batch-7/a.txt", "batch-7/b.txt"), tree());
    }

    @Test
    void severalOutputsOfSeveralDocumentsFromAJobFolderEachGetAFolder() throws IOException {
        List<String> units = place(outputs("text", documents("a.txt", "b.txt"), "images", documents("a.png", "b.png")),
                Map.of(), droppedJobFolder("batch"));

        assertEquals(List.of("batch", "batch_1"), units);
        assertEquals(List.of("batch/a.txt", "batch/b.txt", "batch_1/a.png", "batch_1/b.png"), tree());
    }

    @Test
    void jobFolderNameIsMadeSafeForItsResultFolder() throws IOException {
        assertEquals(List.of("scans%20of%20May"),
                place(outputs("output", documents("a.txt", "b.txt")), Map.of(), droppedJobFolder("scans of May")));
    }

    @Test
    void oneDocumentFromAJobFolderGoesUnderItsOwnName() throws IOException {
        assertEquals(List.of("merged.pdf"), place(outputs("output", document("merged.pdf")), Map.of(), droppedJobFolder("batch")));
    }

    @Test
    void documentsNamedByRelativePathKeepTheirFolders() throws IOException {
        assertEquals(List.of("sub/a.txt"), place(outputs("output", document("sub/a.txt")), Map.of(), droppedJobFolder("batch")));
        assertEquals("content of sub/a.txt", content("sub/a.txt"));
    }

    // --- with mappings ---

    @Test
    void nameMappingNamesASingleDocument() throws IOException {
        assertEquals(List.of("scan.txt"), place(outputs("output", document("output.bin")), Map.of("output", "%F.txt"), droppedFile("scan.pdf")));
        assertEquals("content of output.bin", content("scan.txt"));
    }

    @Test
    void nameMappingMayPutTheDocumentInFolders() throws IOException {
        assertEquals(List.of("text/2009/scan-pdf.txt"),
                place(outputs("output", document("x")), Map.of("output", "text/%Y/%F-%E.txt"), droppedFile("scan.pdf")));
        assertEquals(List.of("text/2009/scan-pdf.txt"), tree());
    }

    @Test
    void nameMappingOfAListMakesAFolderOfThatNameAsOneUnit() throws IOException {
        assertEquals(List.of("scan-pages"),
                place(outputs("pages", documents("1.png", "2.png")), Map.of("pages", "%F-pages"), droppedFile("scan.pdf")));
        assertEquals(List.of("scan-pages/1.png", "scan-pages/2.png"), tree());
    }

    @Test
    void folderMappingPutsEachDocumentIntoASharedFolderAsItsOwnUnit() throws IOException {
        assertEquals(List.of("pages/1.png", "pages/2.png"),
                place(outputs("pages", documents("1.png", "2.png")), Map.of("pages", "pages/"), droppedFile("scan.pdf")));
        assertEquals(List.of("pages/1.png", "pages/2.png"), tree());
    }

    @Test
    void folderMappingTakesASingleDocumentUnderItsOwnName() throws IOException {
        assertEquals(List.of("text/scan/report.txt"),
                place(outputs("output", document("report.txt")), Map.of("output", "text/%F/"), droppedFile("scan.pdf")));
    }

    @Test
    void folderMappingOfAMapUsesItsKeys() throws IOException {
        Map<String, Document> map = new LinkedHashMap<>();
        map.put("a b.txt", document("x"));

        assertEquals(List.of("parts/a%20b.txt"), place(outputs("parts", map), Map.of("parts", "parts/"), droppedFile("scan.pdf")));
    }

    @Test
    void mappedAndUnmappedOutputsArePlacedInTheOutputsOrder() throws IOException {
        List<String> units = place(outputs("output", document("result.xml"), "log", document("run.log")),
                Map.of("log", "logs/"), droppedFile("scan.pdf"));

        assertEquals(List.of("result.xml", "logs/run.log"), units);
    }

    @Test
    void noOutputsPlaceNothing() throws IOException {
        assertEquals(List.of(), place(Map.of(), Map.of(), droppedFile("scan.pdf")));
        assertEquals(List.of(), tree());
    }

    // --- outputs that are not documents ---

    @Test
    void outputThatIsNoDocumentIsRefusedSayingWhatItIs() throws IOException {
        Path staged = droppedFile("scan.pdf");

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> place(outputs("output", "a string"), Map.of(), staged));
        assertEquals("output 'output' is a String; an operation returns a Document, a List of Documents or a Map of them", e.getMessage());

        e = assertThrows(IllegalArgumentException.class, () -> place(outputs("output", null), Map.of(), staged));
        assertEquals("output 'output' is a null; an operation returns a Document, a List of Documents or a Map of them", e.getMessage());
    }

    @Test
    void listHoldingSomethingElseIsRefused() throws IOException {
        Path staged = droppedFile("scan.pdf");
        List<Object> mixed = new ArrayList<>(documents("a.txt"));
        mixed.addAll(Arrays.asList(42, null));

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> place(outputs("pages", mixed), Map.of(), staged));
        assertEquals("output 'pages' holds a Integer where a Document belongs", e.getMessage());
    }
}
