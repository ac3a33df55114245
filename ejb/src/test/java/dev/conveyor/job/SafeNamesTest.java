package dev.conveyor.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class SafeNamesTest {

    @ParameterizedTest(name = "{0} stays")
    @ValueSource(strings = {"Report-2024_v2.pdf", "scan", "a.b", "UPPER.TXT", "0", "-_-"})
    void lettersDigitsDashUnderscoreAndTheExtensionDotStay(String name) {
        assertEquals(name, SafeNames.of(name));
    }

    @ParameterizedTest(name = "[{0}] becomes [{1}]")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            a b.txt          | a%20b.txt
            report.final.pdf | report%2Efinal.pdf
            .hidden          | %2Ehidden
            ..               | %2E.
            a/b.txt          | a%2Fb.txt
            a\\b.txt         | a%5Cb.txt
            100%.txt         | 100%25.txt
            what?*:<>".txt   | what%3F%2A%3A%3C%3E%22.txt
            é.txt            | %C3%A9.txt
            Zürich.pdf       | Z%C3%BCrich.pdf
            日本.txt          | %E6%97%A5%E6%9C%AC.txt
            😀.png           | %F0%9F%98%80.png
            ٣.txt            | %D9%A3.txt
            tab\there        | tab%09here
            """)
    void everyOtherCharacterBecomesItsUtf8BytesInHex(String name, String safe) {
        assertEquals(safe, SafeNames.of(name.replace("\\t", "\t").replace("\\\\", "\\")));
    }

    @Test
    void pipeIsEncodedToo() {
        assertEquals("a%7Cb.txt", SafeNames.of("a|b.txt"));
    }

    @Test
    void emptyNameBecomesOutput() {
        assertEquals("output", SafeNames.of(""));
    }

    @ParameterizedTest
    @ValueSource(strings = {".", "..", ".profile", "../x", "a/../../b"})
    void safeNameIsNeverHiddenNorAPathStep(String name) {
        String safe = SafeNames.of(name);
        assertFalse(safe.startsWith("."), safe);
        assertFalse(safe.contains("/"), safe);
    }

    @Test
    void differentNamesStayDifferent() {
        assertNotEquals(SafeNames.of("a b"), SafeNames.of("a%20b"));
        assertNotEquals(SafeNames.of("a.b.c"), SafeNames.of("a%2Eb.c"));
    }

    @ParameterizedTest(name = "[{0}] becomes [{1}]")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            sub/a b.txt       | sub/a%20b.txt
            a\\b.txt          | a/b.txt
            ../../etc/passwd  | etc/passwd
            /abs/x            | abs/x
            a//./b            | a/b
            .git/config       | %2Egit/config
            one.d/two.txt     | one.d/two.txt
            """)
    void relativeNamesKeepTheirFoldersWithEachSegmentMadeSafe(String relative, String safe) {
        assertEquals(safe, SafeNames.ofRelative(relative.replace("\\\\", "\\")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", ".", "./..", "//"})
    void relativeNameWithNothingLeftBecomesOutput(String relative) {
        assertEquals("output", SafeNames.ofRelative(relative));
    }
}
