package dev.conveyor.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class CronScheduleTest {

    /** Friday 1 March 2024, 10:02:30 UTC. */
    private static final ZonedDateTime FRIDAY = ZonedDateTime.of(2024, 3, 1, 10, 2, 30, 0, ZoneOffset.UTC);

    private static ZonedDateTime at(String iso) {
        return ZonedDateTime.parse(iso);
    }

    private static ZonedDateTime next(String expression, ZonedDateTime after) {
        return CronSchedule.parse(expression).next(after).orElseThrow();
    }

    @ParameterizedTest(name = "{0} after {1} fires at {2}")
    @CsvSource(delimiter = '|', textBlock = """
            0 0/5 * * * ?           | 2024-03-01T10:02:30Z | 2024-03-01T10:05Z
            0 0/5 * * * ?           | 2024-03-01T10:05:00Z | 2024-03-01T10:10Z
            0 0/5 * * * ?           | 2024-03-01T23:58:00Z | 2024-03-02T00:00Z
            */10 * * * * ?          | 2024-03-01T10:02:30Z | 2024-03-01T10:02:40Z
            0 15 10 ? * MON-FRI     | 2024-03-01T10:02:30Z | 2024-03-01T10:15Z
            0 15 10 ? * MON-FRI     | 2024-03-01T10:15:00Z | 2024-03-04T10:15Z
            0 15 10 ? * MON-FRI 2030 | 2024-03-01T10:02:30Z | 2030-01-01T10:15Z
            0 0 12 L * ?            | 2024-02-01T00:00:00Z | 2024-02-29T12:00Z
            0 0 8 1 1 ?             | 2024-03-01T10:02:30Z | 2025-01-01T08:00Z
            0 30 9 ? * 2            | 2024-03-01T10:02:30Z | 2024-03-04T09:30Z
            """)
    void nextIsTheFirstFiringStrictlyAfter(String expression, String after, String expected) {
        assertEquals(at(expected), next(expression, at(after)));
    }

    @Test
    void sixAndSevenFieldFormsAreBothQuartz() {
        assertEquals(next("0 0 12 * * ?", FRIDAY), next("0 0 12 * * ? *", FRIDAY));
        assertEquals(at("2024-03-01T12:00Z"), next("0 0 12 * * ?", FRIDAY));
    }

    @Test
    void nextKeepsTheZoneItWasGivenAndFiresOnItsClock() {
        ZonedDateTime zurich = ZonedDateTime.of(2024, 3, 1, 10, 2, 30, 0, ZoneId.of("Europe/Zurich"));

        ZonedDateTime fired = next("0 15 10 ? * MON-FRI", zurich);

        assertEquals(ZonedDateTime.of(2024, 3, 1, 10, 15, 0, 0, ZoneId.of("Europe/Zurich")), fired);
    }

    @Test
    void expressionWhoseYearsArePastNeverFiresAgain() {
        assertEquals(Optional.empty(), CronSchedule.parse("0 0 12 * * ? 2020").next(FRIDAY));
    }

    @Test
    void surroundingSpacesAreIgnoredAndTheExpressionIsKeptAsWritten() {
        CronSchedule schedule = CronSchedule.parse("  0 0/5 * * * ?  ");
        assertEquals(at("2024-03-01T10:05Z"), schedule.next(FRIDAY).orElseThrow());
        assertEquals("  0 0/5 * * * ?  ", schedule.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "every five minutes", "*/5 * * * *", "0 0 25 * * ?", "0 61 * * * ?", "0 0 12 32 * ?",
            "0 0 12 * 13 ?", "0 0 12 ? * FUNDAY", "0 0 12 * * ? 2030 extra", "0 0/0 * * * ?"})
    void invalidExpressionIsRefusedSayingWhatAQuartzExpressionIs(String expression) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CronSchedule.parse(expression));
        assertTrue(e.getMessage().startsWith("'" + expression + "' is not a Quartz cron expression "
                + "(seconds minutes hours day-of-month month day-of-week [year], e.g. '0 0/5 * * * ?'): "), e.getMessage());
    }
}
