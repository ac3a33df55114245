package dev.conveyor.endpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class OutputPatternTest {

    private static final FolderTemplate.Values JOB = new FolderTemplate.Values(
            ZonedDateTime.of(2009, 7, 17, 20, 5, 9, 0, ZoneOffset.UTC), "job-42", "invoices", "scan.final.pdf", new Random(7));

    @ParameterizedTest(name = "{0} gives {1}")
    @CsvSource({
            "%F.txt, scan.final.txt",
            "%F-%E.xml, scan.final-pdf.xml",
            "out/%Y/%F-%P.xml, out/2009/scan.final-job-42.xml",
            "result.xml, result.xml",
            "a/./b/../c.txt, a/c.txt",
            "%%F.txt, %F.txt",
            "%J/, invoices",
    })
    void expandsToARelativePathForTheJob(String pattern, String expected) {
        assertEquals(Path.of(expected), OutputPattern.of(pattern).expand(JOB));
        assertFalse(OutputPattern.of(pattern).expand(JOB).isAbsolute());
    }

    @Test
    void trailingSlashMakesAFolder() {
        assertTrue(OutputPattern.of("pages/").isFolder());
        assertTrue(OutputPattern.of("out/%F/").isFolder());
        assertEquals(Path.of("out/scan.final"), OutputPattern.of("out/%F/").expand(JOB));
        assertFalse(OutputPattern.of("%F.txt").isFolder());
        assertFalse(OutputPattern.of("pages").isFolder());
    }

    @Test
    void keepsThePatternAsWritten() {
        assertEquals("out/%F/", OutputPattern.of("out/%F/").toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "  "})
    void emptyPatternIsRefused(String pattern) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> OutputPattern.of(pattern));
        assertEquals("an output pattern must not be empty", e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"/tmp/%F.txt", "../%F.txt", "a/../../x", "..", ".", "./", "a/.."})
    void patternThatLeavesTheResultFolderIsRefused(String pattern) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> OutputPattern.of(pattern));
        assertEquals("'" + pattern + "' must name a place inside the result folder", e.getMessage());
    }

    @Test
    void unknownPlaceholderIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> OutputPattern.of("%F.%Q"));
        assertTrue(e.getMessage().startsWith("%Q is not a folder pattern"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> OutputPattern.of("name%"));
    }

    @Test
    void patternThatIsNoPathIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> OutputPattern.of("a\u0000b"));
        assertTrue(e.getMessage().startsWith("'a\u0000b' is not a valid path: "), e.getMessage());
    }
}
