package dev.conveyor.common;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.conveyor.testing.MovableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PurgeTimesTest {

    private final MovableClock clock = new MovableClock(Instant.parse("2026-11-30T10:00:00Z"));

    /** Lets the timer go off {@code late} after each due time (negative: early), re-arming as BatchSchedule does. */
    private List<Instant> firings(PurgeTimes times, int count, Duration late) {
        List<Instant> due = new ArrayList<>();
        Instant next = times.first().orElseThrow();
        while (due.size() < count) {
            clock.advance(Duration.between(clock.instant(), next.plus(late)));
            due.add(next);
            next = times.after(next).orElseThrow();
        }
        return due;
    }

    private static List<Instant> everyDayAt0315From(String firstDay, int days) {
        Instant first = Instant.parse(firstDay + "T03:15:00Z");
        List<Instant> expected = new ArrayList<>();
        for (int day = 0; day < days; day++) {
            expected.add(first.plus(Duration.ofDays(day)));
        }
        return expected;
    }

    @Test
    void theDailyTimerFiresOnceADayForMoreThanAYear() {
        PurgeTimes times = new PurgeTimes(CronSchedule.parse(PurgeTimes.DAILY), clock);
        assertEquals(everyDayAt0315From("2026-12-01", 400), firings(times, 400, Duration.ZERO));
    }

    @Test
    void aTimerThatGoesOffEarlyDoesNotFireTwiceForOneDay() {
        PurgeTimes times = new PurgeTimes(CronSchedule.parse(PurgeTimes.DAILY), clock);
        assertEquals(everyDayAt0315From("2026-12-01", 30), firings(times, 30, Duration.ofMillis(-20)));
    }

    @Test
    void aTimerThatGoesOffLateKeepsTheNextDaysTime() {
        PurgeTimes times = new PurgeTimes(CronSchedule.parse(PurgeTimes.DAILY), clock);
        assertEquals(everyDayAt0315From("2026-12-01", 30), firings(times, 30, Duration.ofMinutes(5)));
    }

    @Test
    void aShortCronFiresAtItsOwnPace() {
        PurgeTimes times = new PurgeTimes(CronSchedule.parse("*/20 * * * * ?"), clock);
        assertEquals(List.of(Instant.parse("2026-11-30T10:00:20Z"), Instant.parse("2026-11-30T10:00:40Z"),
                Instant.parse("2026-11-30T10:01:00Z")), firings(times, 3, Duration.ZERO));
    }

    @Test
    void theLeaseIsAnHourOrHalfTheGapToTheNextFiring() {
        PurgeTimes daily = new PurgeTimes(CronSchedule.parse(PurgeTimes.DAILY), clock);
        Instant due = daily.first().orElseThrow();
        assertEquals(Duration.ofHours(1), daily.lease(due, daily.after(due)));
        assertEquals(Duration.ofHours(1), daily.lease(due, Optional.empty()), "a last firing");

        PurgeTimes short20 = new PurgeTimes(CronSchedule.parse("*/20 * * * * ?"), clock);
        Instant first = short20.first().orElseThrow();
        assertEquals(Duration.ofSeconds(10), short20.lease(first, short20.after(first)),
                "a node restarted since (a new holder) can take the next firing's lease");
    }
}
