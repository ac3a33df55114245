package dev.conveyor.endpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.files.UnsafeNameException;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class FolderTemplateTest {

    private static final ZonedDateTime JULY_17_2009_20H = ZonedDateTime.of(2009, 7, 17, 20, 5, 9, 42_000_000, ZoneOffset.UTC);

    private static String expand(String template, ZonedDateTime time) {
        return FolderTemplate.of(template).expand(new FolderTemplate.Values(time, "job-42", "invoices", "scan.final.pdf", new Random(7)));
    }

    private static String expand(String template) {
        return expand(template, JULY_17_2009_20H);
    }

    @Test
    void manualExampleGivesYearMonthDayHourFolders() {
        ZonedDateTime eightPm = ZonedDateTime.of(2009, 7, 17, 20, 0, 0, 0, ZoneOffset.UTC);
        assertEquals("C:/Test/WF0/failure/2009/07/17/20/", expand("C:/Test/WF0/failure/%Y/%M/%D/%H/", eightPm));
    }

    @ParameterizedTest(name = "{0} gives {1}")
    @CsvSource({
            "%Y, 2009",
            "%y, 09",
            "%M, 07",
            "%D, 17",
            "%d, 198",
            "%H, 20",
            "%h, 08",
            "%m, 05",
            "%s, 09",
            "%l, 042",
            "%P, job-42",
            "%J, invoices",
            "%F, scan.final",
            "%E, pdf",
            "%%, %",
    })
    void eachPlaceholderExpandsFromTheJobsValues(String placeholder, String expected) {
        assertEquals(expected, expand(placeholder));
    }

    @Test
    void placeholdersCombineWithLiteralText() {
        assertEquals("out/invoices/2009-07-17/job-42/scan.final.pdf", expand("out/%J/%Y-%M-%D/%P/%F.%E"));
    }

    @Test
    void textWithoutPlaceholdersIsKeptAsIs() {
        assertEquals("result/done/", expand("result/done/"));
    }

    @Test
    void doublePercentIsALiteralPercentAndNotTheStartOfAPlaceholder() {
        assertEquals("100%Y/2009", expand("100%%Y/%Y"));
    }

    @Test
    void smallValuesArePaddedWithZeros() {
        ZonedDateTime early = ZonedDateTime.of(2005, 1, 5, 3, 4, 6, 7_000_000, ZoneOffset.UTC);
        assertEquals("2005 05 01 05 005 03 03 04 06 007", expand("%Y %y %M %D %d %H %h %m %s %l", early));
    }

    @Test
    void dayOfYearCountsLeapDays() {
        assertEquals("366", expand("%d", ZonedDateTime.of(2008, 12, 31, 0, 0, 0, 0, ZoneOffset.UTC)));
    }

    @Test
    void twoDigitYearOfACenturyStartIsZeroZero() {
        assertEquals("00", expand("%y", ZonedDateTime.of(2000, 3, 1, 0, 0, 0, 0, ZoneOffset.UTC)));
    }

    @ParameterizedTest(name = "{0}:00 is {1} on a 12-hour clock")
    @CsvSource({"0, 12", "1, 01", "11, 11", "12, 12", "13, 01", "23, 11"})
    void twelveHourClockShowsTwelveAtMidnightAndNoon(int hour, String expected) {
        assertEquals(expected, expand("%h", ZonedDateTime.of(2009, 7, 17, hour, 0, 0, 0, ZoneOffset.UTC)));
    }

    @Test
    void randomDigitsComeFromTheGivenRandom() {
        Random expected = new Random(7);
        String digits = "" + expected.nextInt(10) + expected.nextInt(10) + expected.nextInt(10) + expected.nextInt(10);
        assertEquals(digits, expand("%R%R%R%R"));
    }

    @Test
    void randomDigitIsAlwaysASingleDigit() {
        FolderTemplate template = FolderTemplate.of("%R");
        Random random = new Random(1);
        for (int i = 0; i < 200; i++) {
            String digit = template.expand(new FolderTemplate.Values(JULY_17_2009_20H, "j", "e", "s", random));
            assertTrue(digit.matches("[0-9]"), digit);
        }
    }

    @Test
    void sourceWithoutExtensionGivesAnEmptyExtension() {
        String expanded = FolderTemplate.of("%F|%E|").expand(new FolderTemplate.Values(JULY_17_2009_20H, "j", "e", "README", new Random(0)));
        assertEquals("README||", expanded);
    }

    @Test
    void unknownPlaceholderIsRefusedByName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FolderTemplate.of("result/%Q/"));
        assertTrue(e.getMessage().startsWith("%Q is not a folder pattern"), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"result/%", "%", "result/%%%"})
    void trailingPercentIsRefused(String template) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FolderTemplate.of(template));
        assertTrue(e.getMessage().startsWith("a trailing % is not a folder pattern"), e.getMessage());
    }

    @Test
    void placeholdersAreCaseSensitive() {
        assertNotEquals(expand("%M"), expand("%m"));
        assertThrows(IllegalArgumentException.class, () -> FolderTemplate.of("%e"));
    }

    @Test
    void toStringIsTheTemplateAsWritten() {
        assertEquals("result/%Y/%M/%D/", FolderTemplate.of("result/%Y/%M/%D/").toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"...txt", "..", ".", "line\nbreak.txt", "nul\u0000.txt"})
    void aSourceNameThatWouldLeadAPatternOutOfItsFolderIsRefused(String source) {
        FolderTemplate.Values values = new FolderTemplate.Values(ZonedDateTime.of(2009, 7, 17, 20, 0, 0, 0, ZoneOffset.UTC),
                "job-1", "invoices", source, new Random(1));
        assertThrows(UnsafeNameException.class, () -> FolderTemplate.of("result/%F/").expand(values));
    }

    @Test
    void anEndpointNameThatClimbsIsRefused() {
        FolderTemplate.Values values = new FolderTemplate.Values(ZonedDateTime.of(2009, 7, 17, 20, 0, 0, 0, ZoneOffset.UTC),
                "job-1", "..", "a.txt", new Random(1));
        assertThrows(UnsafeNameException.class, () -> FolderTemplate.of("%J/result/").expand(values));
    }

    @Test
    void aSourceWithoutExtensionLeavesEAnEmptyName() {
        FolderTemplate.Values values = new FolderTemplate.Values(ZonedDateTime.of(2009, 7, 17, 20, 0, 0, 0, ZoneOffset.UTC),
                "job-1", "invoices", "README", new Random(1));
        assertEquals("result/README./", FolderTemplate.of("result/%F.%E/").expand(values));
    }

    @ParameterizedTest
    @CsvSource({"result/%Y/%M/%D/,result", "result/,result", "/srv/out/%J/x,/srv/out", "%Y/,''", "a/b%F/c,a"})
    void theFixedPartIsWhatComesBeforeTheFirstPlaceholder(String template, String fixed) {
        assertEquals(java.nio.file.Path.of(fixed), FolderTemplate.of(template).fixedPart());
    }
}
