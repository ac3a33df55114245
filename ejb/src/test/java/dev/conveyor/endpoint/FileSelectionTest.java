package dev.conveyor.endpoint;

import static dev.conveyor.endpoint.EndpointSettings.EXCLUDE_FILE_PATTERN;
import static dev.conveyor.endpoint.EndpointSettings.FAILURE_FOLDER;
import static dev.conveyor.endpoint.EndpointSettings.INCLUDE_FILE_PATTERN;
import static dev.conveyor.endpoint.EndpointSettings.PRESERVE_FOLDER;
import static dev.conveyor.endpoint.EndpointSettings.RESULT_FOLDER;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FileSelectionTest {

    private static final Path WATCHED = Path.of("/data/in/invoices");

    private SettingValues given = SettingValues.EMPTY;

    private <T> FileSelectionTest with(Setting<T> setting, T value) {
        given = given.with(setting, value);
        return this;
    }

    private FileSelection selection() {
        return FileSelection.of(new EndpointConfig("invoices", WATCHED, given.over(EndpointSettings.MANUAL_DEFAULTS), EndpointState.ENABLED));
    }

    @ParameterizedTest
    @ValueSource(strings = {"scan.pdf", "batch", "results", "Stage", "result.pdf", "stage2", "x"})
    void byDefaultEveryOtherNameIsWork(String name) {
        assertTrue(selection().test(name), name);
    }

    @ParameterizedTest
    @ValueSource(strings = {"stage", "result", "preserve", "failure"})
    void conveyorsOwnFoldersAreNeverWork(String name) {
        assertFalse(selection().test(name), name);
    }

    @ParameterizedTest
    @ValueSource(strings = {".hidden", ".scan.pdf.partial", ".DS_Store", "."})
    void theDefaultExcludeSkipsHiddenNames(String name) {
        assertFalse(selection().test(name), name);
    }

    @Test
    void ownFoldersFollowTheFolderSettings() {
        FileSelection selection = with(RESULT_FOLDER, "out/%Y/%M/").with(PRESERVE_FOLDER, "./kept/%D").with(FAILURE_FOLDER, "%J-failed/%Y").selection();

        assertFalse(selection.test("out"));
        assertFalse(selection.test("kept"));
        assertFalse(selection.test("invoices-failed"));
        assertFalse(selection.test("stage"));
        assertTrue(selection.test("result"));
        assertTrue(selection.test("preserve"));
        assertTrue(selection.test("failure"));
    }

    @Test
    void emptyPreserveFolderFreesItsName() {
        assertTrue(with(PRESERVE_FOLDER, "").selection().test("preserve"));
    }

    @Test
    void absoluteResultFolderOutsideTheWatchedFolderExcludesNothingHere() {
        FileSelection selection = with(RESULT_FOLDER, "/data/out/results/%Y").selection();

        assertTrue(selection.test("results"));
        assertTrue(selection.test("data"));
        assertTrue(selection.test("result"));
    }

    @Test
    void absoluteResultFolderInsideTheWatchedFolderIsExcludedLikeARelativeOne() {
        FileSelection selection = with(RESULT_FOLDER, WATCHED.resolve("results/%Y/%M").toString())
                .with(PRESERVE_FOLDER, WATCHED + "/./kept/%Y").selection();

        assertFalse(selection.test("results"));
        assertFalse(selection.test("kept"));
        assertTrue(selection.test("data"));
    }

    @Test
    void includeLimitsFilesAndJobFoldersAlike() {
        FileSelection selection = with(INCLUDE_FILE_PATTERN, "*.pdf;batch-*").selection();

        assertTrue(selection.test("a.pdf"));
        assertTrue(selection.test("batch-7"));
        assertFalse(selection.test("a.txt"));
        assertFalse(selection.test("other-folder"));
    }

    @Test
    void excludeWinsOverInclude() {
        FileSelection selection = with(INCLUDE_FILE_PATTERN, "*.pdf").with(EXCLUDE_FILE_PATTERN, "draft*").selection();

        assertTrue(selection.test("final.pdf"));
        assertFalse(selection.test("draft.pdf"));
    }

    @Test
    void ownFoldersAreExcludedEvenWhenIncludeNamesThem() {
        FileSelection selection = with(INCLUDE_FILE_PATTERN, "result;stage;batch").selection();

        assertFalse(selection.test("result"));
        assertFalse(selection.test("stage"));
        assertTrue(selection.test("batch"));
    }

    @Test
    void anotherExcludeReplacesTheDefaultSoHiddenNamesAreTaken() {
        FileSelection selection = with(EXCLUDE_FILE_PATTERN, "*.tmp;~*").selection();

        assertFalse(selection.test("a.tmp"));
        assertFalse(selection.test("~lock"));
        assertTrue(selection.test(".hidden"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   "})
    void emptyExcludeExcludesNothing(String exclude) {
        FileSelection selection = with(EXCLUDE_FILE_PATTERN, exclude).selection();

        assertTrue(selection.test(".hidden"));
        assertFalse(selection.test("stage"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"regex:((a+)+)+b", "*.pdf;regex:(.*a){25}b"})
    void aNameAnIncludeOrExcludePatternGivesUpOnIsNotTaken(String pattern) {
        String name = "a".repeat(60);
        assertFalse(assertTimeoutPreemptively(Duration.ofSeconds(5), () -> with(INCLUDE_FILE_PATTERN, pattern).selection().test(name)));
        given = SettingValues.EMPTY;
        assertFalse(assertTimeoutPreemptively(Duration.ofSeconds(5), () -> with(EXCLUDE_FILE_PATTERN, pattern).selection().test(name)),
                "an exclude that gives up does not let the name through");
        assertTrue(selection().test("notes.txt"), "other names are still judged");
    }
}
