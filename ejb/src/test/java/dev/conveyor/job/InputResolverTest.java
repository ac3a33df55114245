package dev.conveyor.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.endpoint.InputMapping;
import dev.conveyor.operation.Document;
import dev.conveyor.operation.Operation;
import dev.conveyor.operation.OperationContext;
import dev.conveyor.operation.Parameter;
import dev.conveyor.operation.ParameterType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InputResolverTest {

    @TempDir
    Path staging;

    @TempDir
    Path outside;

    /** An operation that only declares its inputs. */
    private record FakeOperation(List<Parameter> inputs) implements Operation {
        @Override
        public String name() {
            return "fake";
        }

        @Override
        public String description() {
            return "test double";
        }

        @Override
        public List<Parameter> outputs() {
            return List.of(Parameter.output(OUTPUT, ParameterType.DOCUMENT, "out"));
        }

        @Override
        public Map<String, Object> run(OperationContext context) {
            throw new UnsupportedOperationException();
        }
    }

    private static Operation operation(Parameter... inputs) {
        return new FakeOperation(List.of(inputs));
    }

    private static Parameter input(ParameterType type) {
        return Parameter.required(Operation.INPUT, type, "main input");
    }

    private static final Operation XSLT = operation(input(ParameterType.DOCUMENT),
            Parameter.required("stylesheet", ParameterType.DOCUMENT, "stylesheet"),
            Parameter.optional("level", ParameterType.INT, "3", "depth"),
            Parameter.optional("note", ParameterType.STRING, null, "optional, no default"));

    private static InputMapping literal(String value) {
        return new InputMapping(InputMapping.Kind.LITERAL, value);
    }

    private static InputMapping variable(String pattern) {
        return new InputMapping(InputMapping.Kind.VARIABLE, pattern);
    }

    private Path droppedFile(String name) throws IOException {
        return Files.writeString(staging.resolve(name), name);
    }

    private Path jobFolder(String name, String... files) throws IOException {
        Path folder = Files.createDirectories(staging.resolve(name));
        for (String file : files) {
            Path path = folder.resolve(file);
            Files.createDirectories(path.getParent());
            Files.writeString(path, file);
        }
        return folder;
    }

    private static IllegalArgumentException refusal(Operation operation, Map<String, InputMapping> mappings, Path staged) {
        return assertThrows(IllegalArgumentException.class, () -> InputResolver.calls(operation, mappings, staged));
    }

    /** The inputs of a job that is one call. */
    private static Map<String, Object> resolve(Operation operation, Map<String, InputMapping> mappings, Path staged) throws IOException {
        List<InputResolver.Call> calls = InputResolver.calls(operation, mappings, staged);
        assertEquals(1, calls.size(), calls::toString);
        assertNull(calls.get(0).fileName());
        return calls.get(0).inputs();
    }

    // --- the unmapped main input ---

    @Test
    void unmappedInputTakesTheDroppedFile() throws IOException {
        Path file = droppedFile("scan.pdf");

        Map<String, Object> inputs = resolve(operation(input(ParameterType.DOCUMENT)), Map.of(), file);

        assertEquals(Map.of("input", new Document("scan.pdf", file)), inputs);
    }

    @Test
    void droppedFileIsAListOrMapOfOneForSuchInputs() throws IOException {
        Path file = droppedFile("scan.pdf");

        assertEquals(List.of(new Document("scan.pdf", file)),
                resolve(operation(input(ParameterType.DOCUMENT_LIST)), Map.of(), file).get("input"));
        assertEquals(Map.of("scan.pdf", new Document("scan.pdf", file)),
                resolve(operation(input(ParameterType.DOCUMENT_MAP)), Map.of(), file).get("input"));
    }

    @Test
    void jobFolderGivesItsFilesRecursivelyInNameOrderNamedByRelativePath() throws IOException {
        Path folder = jobFolder("batch", "z.xml", "sub/b.xml", "a.xml", "sub/deeper/c.xml");
        Files.createDirectories(folder.resolve("empty-sub"));

        Object list = resolve(operation(input(ParameterType.DOCUMENT_LIST)), Map.of(), folder).get("input");

        assertEquals(List.of(new Document("a.xml", folder.resolve("a.xml")),
                new Document("sub/b.xml", folder.resolve("sub/b.xml")),
                new Document("sub/deeper/c.xml", folder.resolve("sub/deeper/c.xml")),
                new Document("z.xml", folder.resolve("z.xml"))), list);
    }

    @Test
    void jobFolderAsAMapIsKeyedByRelativePath() throws IOException {
        Path folder = jobFolder("batch", "a.xml", "sub/b.xml");

        @SuppressWarnings("unchecked")
        Map<String, Document> map = (Map<String, Document>) resolve(
                operation(input(ParameterType.DOCUMENT_MAP)), Map.of(), folder).get("input");

        assertEquals(List.of("a.xml", "sub/b.xml"), List.copyOf(map.keySet()));
        assertEquals(folder.resolve("sub/b.xml"), map.get("sub/b.xml").path());
    }

    @Test
    void jobFolderWithOneFileFillsASingleDocumentInput() throws IOException {
        Path folder = jobFolder("batch", "only.xml");

        assertEquals(new Document("only.xml", folder.resolve("only.xml")),
                resolve(operation(input(ParameterType.DOCUMENT)), Map.of(), folder).get("input"));
    }

    @Test
    void jobFolderWithSeveralFilesCannotFillASingleDocumentInput() throws IOException {
        Path folder = jobFolder("batch", "a.xml", "b.xml", "c.xml");

        IllegalArgumentException e = refusal(operation(input(ParameterType.DOCUMENT)), Map.of(), folder);

        assertEquals("input 'input' takes one document but the dropped job folder holds 3; map it to a pattern that matches one file",
                e.getMessage());
    }

    @Test
    void emptyJobFolderIsRefused() throws IOException {
        Path folder = jobFolder("batch");
        Files.createDirectories(folder.resolve("only-folders"));

        IllegalArgumentException e = refusal(operation(input(ParameterType.DOCUMENT_LIST)), Map.of(), folder);

        assertEquals("input 'input' found no document: the dropped job folder holds none", e.getMessage());
    }

    @Test
    void symbolicLinksInAJobFolderAreNotTakenAsDocuments() throws IOException {
        Path secret = Files.writeString(outside.resolve("secret.txt"), "not for the operation");
        Path folder = jobFolder("batch", "a.xml");
        Files.createSymbolicLink(folder.resolve("link.txt"), secret);
        Files.createSymbolicLink(folder.resolve("linked-folder"), outside);

        Object list = resolve(operation(input(ParameterType.DOCUMENT_LIST)), Map.of(), folder).get("input");

        assertEquals(List.of(new Document("a.xml", folder.resolve("a.xml"))), list);
    }

    // --- variable mappings ---

    @Test
    void variableMappingsPickTheirDocumentsByFileName() throws IOException {
        Path folder = jobFolder("batch", "doc.xml", "style.xsl");

        Map<String, Object> inputs = resolve(XSLT,
                Map.of("input", variable("*.xml"), "stylesheet", variable("*.xsl")), folder);

        assertEquals(new Document("doc.xml", folder.resolve("doc.xml")), inputs.get("input"));
        assertEquals(new Document("style.xsl", folder.resolve("style.xsl")), inputs.get("stylesheet"));
    }

    @Test
    void variableMappingMatchesTheLastNameNotTheRelativePath() throws IOException {
        Path folder = jobFolder("batch", "doc.xml", "styles/main.xsl");

        assertEquals(new Document("styles/main.xsl", folder.resolve("styles/main.xsl")),
                resolve(XSLT, Map.of("input", variable("*.xml"), "stylesheet", variable("main.xsl")), folder)
                        .get("stylesheet"));
        IllegalArgumentException e = refusal(XSLT, Map.of("input", variable("*.xml"), "stylesheet", variable("styles*")), folder);
        assertEquals("input 'stylesheet' found no document: the files matching 'styles*' holds none", e.getMessage());
    }

    @Test
    void aVariableMappingWhosePatternGivesUpFailsTheJobSayingWhy() throws IOException {
        Path folder = jobFolder("batch", "doc.xml", "a".repeat(60));
        IllegalArgumentException e = assertTimeoutPreemptively(Duration.ofSeconds(5),
                () -> refusal(XSLT, Map.of("input", variable("*.xml"), "stylesheet", variable("regex:((a+)+)+b")), folder));
        assertTrue(e.getMessage().startsWith("CNV-2018-W Pattern '((a+)+)+b' gave up on '" + "a".repeat(60) + "'"), e.getMessage());
        assertTrue(e.getMessage().contains("input 'stylesheet' is not resolved, so the job fails"), e.getMessage());
    }

    @Test
    void variableMappingForAListTakesEveryMatchInNameOrder() throws IOException {
        Path folder = jobFolder("batch", "b.png", "a.png", "notes.txt");
        Operation merge = operation(Parameter.required("pages", ParameterType.DOCUMENT_LIST, "pages"));

        Object pages = resolve(merge, Map.of("pages", variable("*.png")), folder).get("pages");

        assertEquals(List.of(new Document("a.png", folder.resolve("a.png")), new Document("b.png", folder.resolve("b.png"))), pages);
    }

    @Test
    void variableMappingMatchingSeveralFilesForOneDocumentCallsTheOperationOncePerFile() throws IOException {
        Path folder = jobFolder("batch", "doc.xml", "b.xsl", "a.xsl");

        List<InputResolver.Call> calls = InputResolver.calls(XSLT,
                Map.of("input", variable("*.xml"), "stylesheet", variable("*.xsl"), "level", literal("5")), folder);

        assertEquals(List.of("a.xsl", "b.xsl"), calls.stream().map(InputResolver.Call::fileName).toList(), "one call per file, in name order");
        for (InputResolver.Call call : calls) {
            assertEquals(new Document(call.fileName(), folder.resolve(call.fileName())), call.inputs().get("stylesheet"));
            assertEquals(new Document("doc.xml", folder.resolve("doc.xml")), call.inputs().get("input"), "the other inputs are the same");
            assertEquals(5, call.inputs().get("level"));
        }
    }

    @Test
    void onlyOneInputMayMatchSeveralFiles() throws IOException {
        Path folder = jobFolder("batch", "a.xml", "b.xml", "a.xsl", "b.xsl");

        IllegalArgumentException e = refusal(XSLT, Map.of("input", variable("*.xml"), "stylesheet", variable("*.xsl")), folder);

        assertTrue(e.getMessage().contains("each match several files"), e.getMessage());
    }

    @Test
    void variableMappingAppliesToASingleDroppedFileToo() throws IOException {
        Path file = droppedFile("doc.xml");

        IllegalArgumentException e = refusal(XSLT, Map.of("stylesheet", variable("*.xsl")), file);

        assertEquals("input 'stylesheet' found no document: the files matching '*.xsl' holds none", e.getMessage());
    }

    @Test
    void variableMappingOnAStringParameterPassesTheMatchingFilesText() throws IOException {
        Path folder = jobFolder("batch", "doc.xml", "style.xsl");
        Files.writeString(folder.resolve("remark.txt"), "Grüße, line one\nline two\n");

        Map<String, Object> inputs = resolve(XSLT,
                Map.of("stylesheet", variable("*.xsl"), "input", variable("*.xml"), "note", variable("*.txt")), folder);

        assertEquals("Grüße, line one\nline two\n", inputs.get("note"), "the file's text, as it is");
    }

    @Test
    void aStringParameterMatchingSeveralFilesIsOneCallPerFile() throws IOException {
        Path folder = jobFolder("batch", "doc.xml", "style.xsl", "one.txt", "two.txt");

        List<InputResolver.Call> calls = InputResolver.calls(XSLT,
                Map.of("stylesheet", variable("*.xsl"), "input", variable("*.xml"), "note", variable("*.txt")), folder);

        assertEquals(List.of("one.txt", "two.txt"), calls.stream().map(call -> call.inputs().get("note")).toList());
    }

    @Test
    void variableMappingsOnNumberAndBooleanParametersReadTheMatchingFilesTextAsTheirType() throws IOException {
        Path folder = jobFolder("batch", "doc.xml", "style.xsl");
        Files.writeString(folder.resolve("depth.level"), " 7\n");
        Files.writeString(folder.resolve("strict.flag"), "TRUE\n");
        Files.writeString(folder.resolve("ratio.factor"), "0.25");
        Operation typed = operation(input(ParameterType.DOCUMENT), Parameter.optional("level", ParameterType.INT, "3", "depth"),
                Parameter.optional("strict", ParameterType.BOOLEAN, "false", "strict"),
                Parameter.optional("factor", ParameterType.DOUBLE, "1", "factor"));

        Map<String, Object> inputs = resolve(typed, Map.of("input", variable("*.xml"), "level", variable("*.level"),
                "strict", variable("*.flag"), "factor", variable("*.factor")), folder);

        assertEquals(7, inputs.get("level"), "read as a literal is: spaces and the line end do not count");
        assertEquals(true, inputs.get("strict"));
        assertEquals(0.25, inputs.get("factor"));
    }

    @Test
    void aNumberParameterMatchingSeveralFilesIsOneCallPerFile() throws IOException {
        Path folder = jobFolder("batch", "doc.xml", "style.xsl");
        Files.writeString(folder.resolve("a.level"), "1");
        Files.writeString(folder.resolve("b.level"), "2");

        List<InputResolver.Call> calls = InputResolver.calls(XSLT,
                Map.of("stylesheet", variable("*.xsl"), "input", variable("*.xml"), "level", variable("*.level")), folder);

        assertEquals(List.of(1, 2), calls.stream().map(call -> call.inputs().get("level")).toList());
        assertEquals(List.of("a.level", "b.level"), calls.stream().map(InputResolver.Call::fileName).toList());
    }

    @Test
    void aNumberParameterRefusesAFileThatDoesNotHoldOneSayingWhatItHolds() throws IOException {
        Path folder = jobFolder("batch", "doc.xml", "style.xsl");
        Files.writeString(folder.resolve("depth.level"), "deep\n");
        Map<String, InputMapping> mappings = Map.of("stylesheet", variable("*.xsl"), "input", variable("*.xml"), "level", variable("*.level"));

        assertEquals("input 'level' takes the int written in 'depth.level', but it holds 'deep'",
                refusal(XSLT, mappings, folder).getMessage());

        Files.writeString(folder.resolve("depth.level"), "a whole document matched by mistake, far longer than a number");
        assertEquals("input 'level' takes the int written in 'depth.level', but it holds 61 characters",
                refusal(XSLT, mappings, folder).getMessage(), "a long text is not quoted into the reason");
    }

    @Test
    void aStringParameterRefusesAFileThatIsNotText() throws IOException {
        Path folder = jobFolder("batch", "doc.xml", "style.xsl");
        Files.write(folder.resolve("binary.txt"), new byte[] {(byte) 0xC3, (byte) 0x28});

        IllegalArgumentException e = refusal(XSLT,
                Map.of("stylesheet", variable("*.xsl"), "input", variable("*.xml"), "note", variable("*.txt")), folder);

        assertEquals("input 'note' takes text but 'binary.txt' is not UTF-8 text", e.getMessage());
    }

    // --- literals and defaults ---

    @Test
    void literalsAreConvertedToTheParametersType() throws IOException {
        Path folder = jobFolder("batch", "doc.xml", "style.xsl");

        Map<String, Object> inputs = resolve(XSLT, Map.of("input", variable("*.xml"), "stylesheet", variable("*.xsl"),
                "level", literal(" 7 "), "note", literal(" as is ")), folder);

        assertEquals(7, inputs.get("level"));
        assertEquals(" as is ", inputs.get("note"));
    }

    @Test
    void unmappedOptionalInputsTakeTheirDefaultOrAreLeftOut() throws IOException {
        Path folder = jobFolder("batch", "doc.xml", "style.xsl");

        Map<String, Object> inputs = resolve(XSLT, Map.of("input", variable("*.xml"), "stylesheet", variable("*.xsl")), folder);

        assertEquals(3, inputs.get("level"));
        assertFalse(inputs.containsKey("note"));
        assertEquals(List.of("input", "stylesheet", "level"), List.copyOf(inputs.keySet()));
    }

    @Test
    void literalThatDoesNotConvertIsRefused() throws IOException {
        Path file = droppedFile("doc.xml");
        Operation scale = operation(input(ParameterType.DOCUMENT), Parameter.required("factor", ParameterType.DOUBLE, "factor"));

        IllegalArgumentException e = refusal(scale, Map.of("factor", literal("twice")), file);

        assertEquals("'twice' is not a valid double", e.getMessage());
    }

    @Test
    void requiredInputOtherThanTheMainOneMustBeMapped() throws IOException {
        Path file = droppedFile("doc.xml");

        IllegalArgumentException e = refusal(XSLT, Map.of(), file);

        assertEquals("input 'stylesheet' is not mapped", e.getMessage());
    }
}
