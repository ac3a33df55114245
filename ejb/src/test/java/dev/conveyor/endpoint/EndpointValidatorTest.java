package dev.conveyor.endpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.common.ConveyorException;
import dev.conveyor.common.MessageId;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class EndpointValidatorTest {

    @TempDir
    Path root;

    @TempDir
    Path outside;

    /** A valid definition, changed one field at a time by the tests. */
    private static final class Definition {
        String name = "invoices";
        String path = "in/invoices";
        String operationName = "copy";
        Boolean asynchronous;
        Integer repeatInterval;
        Integer batchSize;
        String includeFilePattern;
        String resultFolder;
        String preserveFolder;
        String failureFolder;

        EndpointDefinition complete() {
            return new EndpointDefinition(name, path, operationName, asynchronous, repeatInterval, batchSize,
                    includeFilePattern, resultFolder, preserveFolder, failureFolder).withDefaults();
        }
    }

    private Path validate(Definition d) {
        return new EndpointValidator(new AllowedRoots(List.of(root)), "copy"::equals).validate(d.complete());
    }

    private ConveyorException refusal(Definition d) {
        ConveyorException e = assertThrows(ConveyorException.class, () -> validate(d));
        assertEquals(MessageId.INVALID_FIELD, e.id());
        return e;
    }

    private void assertRefused(Definition d, String field, String reason) {
        ConveyorException e = refusal(d);
        assertEquals(field, e.field());
        assertTrue(e.getMessage().startsWith("Field '" + field + "' is invalid: "), e.getMessage());
        assertTrue(e.getMessage().contains(reason), () -> "'" + e.getMessage() + "' should contain '" + reason + "'");
    }

    @Test
    void validDefinitionGivesTheAbsoluteWatchedFolder() {
        assertEquals(root.resolve("in/invoices"), validate(new Definition()));
    }

    @Test
    void absoluteWatchedFolderInsideTheRootIsAccepted() {
        Definition d = new Definition();
        d.path = root.resolve("scans").toString();
        assertEquals(root.resolve("scans"), validate(d));
    }

    @Test
    void nameIsRequired() {
        for (String missing : new String[] {null, "", "   "}) {
            Definition d = new Definition();
            d.name = missing;
            assertRefused(d, "name", "a name is required");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"<script>", "a/b", "a\\b", "tab\there", "new\nline", "nul\u0000", "del\u007f", "c1\u0085", " padded", "padded "})
    void nameWithUnsafeCharactersIsRefused(String name) {
        Definition d = new Definition();
        d.name = name;
        assertRefused(d, "name", "must not contain '<', '/', '\\', control characters or surrounding spaces");
    }

    @Test
    void nameIsAtMostOneHundredCharacters() {
        Definition d = new Definition();
        d.name = "n".repeat(100);
        assertEquals(root.resolve("in/invoices"), validate(d));
        d.name = "n".repeat(101);
        assertRefused(d, "name", "at most 100 characters");
    }

    @Test
    void nameMayHoldSpacesDotsAndUnicodeInside() {
        Definition d = new Definition();
        d.name = "Invoices 2009 (Zürich).v2";
        assertEquals(root.resolve("in/invoices"), validate(d));
    }

    @Test
    void pathIsRequired() {
        Definition d = new Definition();
        d.path = " ";
        assertRefused(d, "path", "a folder to watch is required");
    }

    @Test
    void pathOutsideTheRootsIsRefused() {
        Definition d = new Definition();
        d.path = outside.resolve("in").toString();
        assertRefused(d, "path", "'" + d.path + "' is not below an allowed root (CONVEYOR_ROOTS: [" + root + "])");
    }

    @Test
    void pathEscapingWithDotDotIsRefused() {
        Definition d = new Definition();
        d.path = "../elsewhere";
        assertRefused(d, "path", "'../elsewhere' is not below an allowed root");
    }

    @Test
    void theRootItselfCannotBeWatched() {
        Definition d = new Definition();
        d.path = root.toString();
        assertRefused(d, "path", "is not below an allowed root");
    }

    @Test
    void pathThatIsNoPathIsRefusedAsAnInvalidField() {
        Definition d = new Definition();
        d.path = "in/\u0000";
        assertRefused(d, "path", "is not a valid path");
    }

    @Test
    void operationIsRequired() {
        Definition d = new Definition();
        d.operationName = null;
        assertRefused(d, "operationName", "an operation is required");
    }

    @Test
    void unknownOperationIsRefusedByName() {
        Definition d = new Definition();
        d.operationName = "ocr";
        assertRefused(d, "operationName", "no operation is named 'ocr'");
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1})
    void repeatIntervalBelowOneSecondIsRefused(int interval) {
        Definition d = new Definition();
        d.repeatInterval = interval;
        assertRefused(d, "repeatInterval", "must be at least 1 second, was " + interval);
    }

    @Test
    void repeatIntervalOfOneSecondIsAccepted() {
        Definition d = new Definition();
        d.repeatInterval = 1;
        assertEquals(root.resolve("in/invoices"), validate(d));
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -5, 10_001})
    void batchSizeOutOfRangeIsRefused(int size) {
        Definition d = new Definition();
        d.batchSize = size;
        assertRefused(d, "batchSize", "must be between 1 and 10000, was " + size);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 10_000})
    void batchSizeAtTheLimitsIsAccepted(int size) {
        Definition d = new Definition();
        d.batchSize = size;
        assertEquals(root.resolve("in/invoices"), validate(d));
    }

    @Test
    void badIncludePatternIsRefusedWithThePatternsReason() {
        Definition d = new Definition();
        d.includeFilePattern = "Data[0-9";
        assertRefused(d, "includeFilePattern", "'Data[0-9' has an unclosed [ at position 5");
        d.includeFilePattern = "regex:(";
        assertRefused(d, "includeFilePattern", "'regex:(' is not a valid regular expression");
        d.includeFilePattern = ";";
        assertRefused(d, "includeFilePattern", "the pattern list is empty");
    }

    @Test
    void resultFolderIsRequired() {
        Definition d = new Definition();
        d.resultFolder = "";
        assertRefused(d, "resultFolder", "a folder is required");
    }

    @ParameterizedTest
    @ValueSource(strings = {".", "./", "result/..", "%Y/..", "%%/.."})
    void resultFolderCannotBeTheWatchedFolderItself(String folder) {
        Definition d = new Definition();
        d.resultFolder = folder;
        assertRefused(d, "resultFolder", "must not be the watched folder itself");
    }

    @Test
    void absoluteResultFolderThatIsTheWatchedFolderIsRefused() {
        Definition d = new Definition();
        d.resultFolder = root.resolve("in/invoices").toString();
        assertRefused(d, "resultFolder", "must not be the watched folder itself");
    }

    @ParameterizedTest
    @ValueSource(strings = {"../x", "../result/%Y", "result/../../x"})
    void relativeResultFolderMustStayInsideTheWatchedFolder(String folder) {
        Definition d = new Definition();
        d.resultFolder = folder;
        assertRefused(d, "resultFolder", "must stay inside the watched folder, was '" + folder + "'");
    }

    @Test
    void absoluteResultFolderInsideTheRootsIsAccepted() {
        Definition d = new Definition();
        d.resultFolder = root.resolve("results/%Y/%M/").toString();
        assertEquals(root.resolve("in/invoices"), validate(d));
    }

    @Test
    void absoluteResultFolderOutsideTheRootsIsRefused() {
        Definition d = new Definition();
        d.resultFolder = outside.resolve("results").toString();
        assertRefused(d, "resultFolder", "'" + d.resultFolder + "' is not below an allowed root");
    }

    @Test
    void resultFolderThroughALinkLeadingOutsideIsRefused() throws IOException {
        Path watched = Files.createDirectories(root.resolve("in/invoices"));
        Files.createSymbolicLink(watched.resolve("out"), outside);
        Definition d = new Definition();
        d.resultFolder = "out/%Y";
        assertRefused(d, "resultFolder", "'out/%Y' is not below an allowed root");
    }

    @Test
    void badTemplateIsRefusedForTheFieldItIsIn() {
        Definition d = new Definition();
        d.resultFolder = "result/%Q";
        assertRefused(d, "resultFolder", "%Q is not a folder pattern");
        d = new Definition();
        d.preserveFolder = "preserve/%";
        assertRefused(d, "preserveFolder", "a trailing % is not a folder pattern");
        d = new Definition();
        d.failureFolder = "failure/%Q";
        assertRefused(d, "failureFolder", "%Q is not a folder pattern");
    }

    @Test
    void outputFolderThatIsNoPathIsRefusedAsAnInvalidField() {
        Definition d = new Definition();
        d.failureFolder = "failure/\u0000";
        assertRefused(d, "failureFolder", "is not a valid path");
    }

    @Test
    void emptyPreserveFolderIsAcceptedMeaningDeleteTheSource() {
        Definition d = new Definition();
        d.preserveFolder = "";
        assertEquals(root.resolve("in/invoices"), validate(d));
    }

    @Test
    void blankPreserveFolderIsRefused() {
        Definition d = new Definition();
        d.preserveFolder = "  ";
        assertRefused(d, "preserveFolder", "a folder is required");
    }

    @Test
    void preserveFolderCannotBeTheWatchedFolderItself() {
        Definition d = new Definition();
        d.preserveFolder = ".";
        assertRefused(d, "preserveFolder", "must not be the watched folder itself");
    }

    @Test
    void failureFolderIsRequired() {
        Definition d = new Definition();
        d.failureFolder = "";
        assertRefused(d, "failureFolder", "a folder is required");
    }

    @Test
    void absoluteFailureFolderIsRefusedEvenInsideTheRoots() {
        Definition d = new Definition();
        d.failureFolder = root.resolve("failures").toString();
        assertRefused(d, "failureFolder", "must be relative to the watched folder, was '" + d.failureFolder + "'");
    }

    @Test
    void failureFolderMustStayInsideTheWatchedFolder() {
        Definition d = new Definition();
        d.failureFolder = "../failure";
        assertRefused(d, "failureFolder", "must stay inside the watched folder");
    }

    @Test
    void fieldsAreCheckedInOrderSoTheFirstFaultIsReported() {
        Definition d = new Definition();
        d.name = "";
        d.batchSize = 0;
        assertEquals("name", refusal(d).field());
    }

    @ParameterizedTest
    @ValueSource(strings = {"stage/%Y", "stage", "./stage/done/"})
    void outputFoldersMayNotLieInTheStageFolder(String folder) {
        Definition d = new Definition();
        d.resultFolder = folder;
        assertRefused(d, "resultFolder", "must not lie in the stage folder");
    }
}
