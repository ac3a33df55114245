package dev.conveyor.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FileNamesTest {

    @ParameterizedTest(name = "{0}: base ''{1}'', extension ''{2}''")
    @CsvSource(quoteCharacter = '"', value = {
            "report.pdf, report, pdf",
            "report.final.pdf, report.final, pdf",
            "archive.tar.gz, archive.tar, gz",
            "README, README, \"\"",
            ".bashrc, .bashrc, \"\"",
            ".config.json, .config, json",
            "name., name, \"\"",
            "a.b, a, b",
    })
    void baseNameAndExtensionSplitAtTheLastDot(String name, String base, String extension) {
        assertEquals(base, FileNames.baseName(name));
        assertEquals(extension, FileNames.extension(name));
    }

    @ParameterizedTest(name = "{0} #{1} is {2}")
    @CsvSource({
            "report.pdf, 0, report.pdf",
            "report.pdf, 1, report_1.pdf",
            "report.pdf, 12, report_12.pdf",
            "report.final.pdf, 2, report.final_2.pdf",
            "README, 1, README_1",
            ".bashrc, 1, .bashrc_1",
            ".config.json, 3, .config_3.json",
    })
    void indexedNumbersTheBaseNameAndKeepsTheExtension(String name, int index, String expected) {
        assertEquals(expected, FileNames.indexed(name, index));
    }

    @ParameterizedTest(name = "folder {0} #{1} is {2}")
    @CsvSource({
            "scan.pdf, 0, scan.pdf",
            "scan.pdf, 1, scan.pdf_1",
            "pages, 2, pages_2",
            "v1.2, 1, v1.2_1",
    })
    void indexedFolderPutsTheIndexAtTheEnd(String name, int index, String expected) {
        assertEquals(expected, FileNames.indexedFolder(name, index));
    }

    @Test
    void indexedFormsOfANameAreTheNameAndItsNumberedNames() {
        assertTrue(FileNames.isIndexedForm("a.txt", "a.txt", false));
        assertTrue(FileNames.isIndexedForm("a_12.txt", "a.txt", false));
        assertTrue(FileNames.isIndexedForm("report_3", "report", false));
        assertTrue(FileNames.isIndexedForm("scan.pdf_2", "scan.pdf", true));
        assertFalse(FileNames.isIndexedForm("a_0.txt", "a.txt", false), "numbering starts at 1");
        assertFalse(FileNames.isIndexedForm("a_01.txt", "a.txt", false));
        assertFalse(FileNames.isIndexedForm("a_.txt", "a.txt", false));
        assertFalse(FileNames.isIndexedForm("a_1x.txt", "a.txt", false));
        assertFalse(FileNames.isIndexedForm("b_1.txt", "a.txt", false));
        assertFalse(FileNames.isIndexedForm("a_1.pdf", "a.txt", false));
        assertFalse(FileNames.isIndexedForm("scan_2.pdf", "scan.pdf", true), "a folder's number goes at the end");
        assertFalse(FileNames.isIndexedForm("victim.txt", "scan.txt", false));
    }
}
