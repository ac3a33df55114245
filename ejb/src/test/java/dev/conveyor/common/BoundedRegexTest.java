package dev.conveyor.common;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class BoundedRegexTest {

    /**
     * Each reads a name of 60 a's it does not match some 2^60 times unbounded: years. (Java 9 and
     * later remember where a simple group loop such as (a+)+b failed, so that one is quadratic;
     * nesting it once more, a backreference or a counted group of .* escapes that memory.)
     */
    @ParameterizedTest
    @ValueSource(strings = {"((a+)+)+b", "((a|aa)+)+b", "(a*)*\\1b", "(.*a){25}b", "((a*)*)*b", "(a+)+(b|\\1)c", "((\\w+)+)+!",
            "(.*){1,32000}[bc]"})
    void catastrophicPatternsGiveUpAtTheBoundQuickly(String regex) {
        Pattern pattern = Pattern.compile(regex);
        String name = "a".repeat(60);
        BoundedRegex.GaveUp gaveUp = assertTimeoutPreemptively(Duration.ofSeconds(5),
                () -> assertThrows(BoundedRegex.GaveUp.class, () -> BoundedRegex.matches(pattern, name)));
        String message = gaveUp.message("the file is not taken");
        assertTrue(message.startsWith("CNV-2018-W Pattern '" + regex + "' gave up on '" + name + "' after " + BoundedRegex.MAX_READS
                + " character reads"), message);
        assertTrue(message.contains("; the file is not taken. Simplify the pattern."), message);
    }

    @ParameterizedTest
    @CsvSource({"(a+)+b, aaaab, true", "(a+)+b, aaaa, false", ".*[.]pdf, scan.pdf, true", "fragment[.].*, file.name, false",
            "[a-z0-9._-]+, invoice-2026.txt, true"})
    void ordinaryPatternsMatchAsUnbounded(String regex, String text, boolean matches) {
        assertTrue(BoundedRegex.matches(Pattern.compile(regex), text) == matches);
    }

    @ParameterizedTest
    @ValueSource(strings = {".*a.*b.*c.*", ".*[.]pdf", "(?i).*\\.(pdf|tiff?)"})
    void longNamesStayWithinTheBoundForPatternsThatDoNotBacktrackWithoutEnd(String regex) {
        String longName = "x".repeat(250) + "ab";
        assertFalse(BoundedRegex.matches(Pattern.compile(regex), longName));
    }
}
