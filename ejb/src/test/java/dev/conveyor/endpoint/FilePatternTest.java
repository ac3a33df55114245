package dev.conveyor.endpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.common.BoundedRegex;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FilePatternTest {

    private static void assertMatches(String pattern, String... names) {
        FilePattern compiled = FilePattern.of(pattern);
        for (String name : names) {
            assertTrue(compiled.matches(name), () -> "'" + pattern + "' should match '" + name + "'");
        }
    }

    private static void assertNoMatch(String pattern, String... names) {
        FilePattern compiled = FilePattern.of(pattern);
        for (String name : names) {
            assertFalse(compiled.matches(name), () -> "'" + pattern + "' should not match '" + name + "'");
        }
    }

    private static String refusal(String pattern) {
        return assertThrows(IllegalArgumentException.class, () -> FilePattern.of(pattern)).getMessage();
    }

    @Test
    void starTakesEveryFile() {
        assertMatches("*", "a", "report.pdf", "Thumbs.db", ".hidden", "name with spaces.txt", "ünïcødé.xml");
    }

    @Test
    void starTakesNamesWithLineBreaks() {
        assertMatches("*", "two\nlines.pdf", "carriage\rreturn");
        assertMatches("*.pdf", "two\nlines.pdf");
        assertMatches("a?b", "a\nb");
    }

    @Test
    void extensionPatternMatchesOnlyThatExtension() {
        assertMatches("*.pdf", "report.pdf", "a.b.pdf", ".pdf");
        assertNoMatch("*.pdf", "report.PDF", "report.pdf.tmp", "reportpdf", "report.pd");
    }

    @Test
    void extensionPatternLeavesThumbsDbAlone() {
        assertNoMatch("*.pdf", "Thumbs.db");
        assertNoMatch("*.tiff", "Thumbs.db", "thumbs.db");
    }

    @Test
    void prefixPatternTakesAnyExtension() {
        assertMatches("data.*", "data.xml", "data.1", "data.", "data.tar.gz");
        assertNoMatch("data.*", "data", "mydata.xml", "Data.xml");
    }

    @Test
    void dotIsLiteral() {
        assertMatches("a.pdf", "a.pdf");
        assertNoMatch("a.pdf", "apdf", "a-pdf", "aXpdf");
        assertNoMatch("data.*", "data1", "data2");
    }

    @Test
    void manualsMixedPatternWithClassesAndQuotedLiteral() {
        String pattern = "Data[0-9][0-9][0-9].[dD][aA]'port'";
        assertMatches(pattern, "Data123.DAport", "Data123.daport", "Data000.dAport", "Data999.Daport");
        assertNoMatch(pattern, "Data12.daport", "Data1234.daport", "Data12a.daport", "data123.daport",
                "Data123.daPORT", "Data123xdaport", "Data123.daport.bak");
    }

    @Test
    void caseInsensitiveExtensionThroughClasses() {
        assertMatches("*.[Xx][Mm][Ll]", "a.xml", "b.XML", "c.Xml", "d.xmL");
        assertNoMatch("*.[Xx][Mm][Ll]", "a.xsl", "a.xmll", "xml");
    }

    @Test
    void questionMarkIsExactlyOneCharacter() {
        assertMatches("scan?.pdf", "scan1.pdf", "scanX.pdf");
        assertNoMatch("scan?.pdf", "scan.pdf", "scan12.pdf");
    }

    @Test
    void negatedClassExcludesItsCharacters() {
        assertMatches("file[!0-9].txt", "filea.txt", "file_.txt");
        assertNoMatch("file[!0-9].txt", "file1.txt", "file.txt", "fileab.txt");
        assertMatches("file[^0-9].txt", "filea.txt");
        assertNoMatch("file[^0-9].txt", "file7.txt");
    }

    @Test
    void closingBracketFirstInAClassIsPartOfTheClass() {
        assertMatches("a[]x]b", "a]b", "axb");
        assertNoMatch("a[]x]b", "ayb");
        assertMatches("a[!]]b", "axb");
        assertNoMatch("a[!]]b", "a]b");
    }

    @Test
    void regexCharactersInClassesAreTakenLiterally() {
        assertMatches("[&^\\[]x", "&x", "^x", "\\x", "[x");
        assertNoMatch("[&^\\[]x", "ax");
    }

    @Test
    void regexCharactersOutsideClassesAreLiteral() {
        assertMatches("report(1)+$.pdf", "report(1)+$.pdf");
        assertNoMatch("report(1)+$.pdf", "report1.pdf", "report(1)$.pdf");
    }

    @Test
    void quotedTextIsLiteralEvenWithWildcards() {
        assertMatches("'*'.txt", "*.txt");
        assertNoMatch("'*'.txt", "a.txt");
        assertMatches("''x", "x");
    }

    @Test
    void listMatchesWhenAnyEntryMatches() {
        assertMatches("*.pdf;*.tif", "a.pdf", "b.tif");
        assertNoMatch("*.pdf;*.tif", "c.png", "Thumbs.db");
    }

    @Test
    void listEntriesAreTrimmedAndEmptyEntriesIgnored() {
        assertMatches(" *.pdf ; ;*.tif;", "a.pdf", "b.tif");
        assertNoMatch(" *.pdf ; ;*.tif;", "a.pdf ", "c.png");
    }

    @Test
    void regexEntryIsAJavaRegularExpressionOnTheWholeName() {
        assertMatches("regex:inv-\\d{4}\\.pdf", "inv-2024.pdf");
        assertNoMatch("regex:inv-\\d{4}\\.pdf", "inv-24.pdf", "xinv-2024.pdf", "inv-2024.pdfx", "inv-2024xpdf");
    }

    @Test
    void regexAndWildcardEntriesMix() {
        assertMatches("regex:(?i)scan_\\d+\\.tiff?;*.pdf", "SCAN_1.TIF", "scan_22.tiff", "x.pdf");
        assertNoMatch("regex:(?i)scan_\\d+\\.tiff?;*.pdf", "scan_.tif", "x.png");
    }

    @Test
    void unclosedQuoteIsRefusedWithItsPosition() {
        assertEquals("'Data'port' has an unclosed quote at position 5", refusal("Data'port"));
    }

    @Test
    void unclosedBracketIsRefusedWithItsPosition() {
        assertEquals("'Data[0-9' has an unclosed [ at position 5", refusal("Data[0-9"));
        assertEquals("'a[]' has an unclosed [ at position 2", refusal("a[]"));
        assertEquals("'a[!]' has an unclosed [ at position 2", refusal("a[!]"));
    }

    @Test
    void invalidCharacterRangeIsRefusedNamingTheEntry() {
        String message = refusal("*.pdf;file[z-a].txt");
        assertTrue(message.startsWith("'file[z-a].txt' is not a valid file pattern: "), message);
    }

    @Test
    void invalidRegexIsRefusedNamingTheEntry() {
        String message = refusal("*.pdf;regex:scan(");
        assertTrue(message.startsWith("'regex:scan(' is not a valid regular expression: "), message);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   ", ";", " ; ;"})
    void emptyListIsRefused(String patterns) {
        assertEquals("the pattern list is empty; use * to take every file", refusal(patterns));
    }

    @Test
    void toStringIsTheListAsWritten() {
        assertEquals("*.pdf; *.tif", FilePattern.of("*.pdf; *.tif").toString());
    }

    @Test
    void aRegexThatBacktracksWithoutEndGivesUpInsteadOfHoldingTheScan() {
        FilePattern pattern = FilePattern.of("*.pdf;regex:((a+)+)+b");
        assertTrue(pattern.matches("scan.pdf"), "an earlier entry that matches decides before the runaway one runs");
        assertThrows(BoundedRegex.GaveUp.class, () -> assertTimeoutPreemptively(Duration.ofSeconds(5),
                () -> pattern.matches("a".repeat(60))));
        assertFalse(FilePattern.of("*a*b*c*").matches("x".repeat(250)), "wildcards on long names stay within the bound");
    }
}
