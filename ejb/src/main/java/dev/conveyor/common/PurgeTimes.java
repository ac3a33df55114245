package dev.conveyor.common;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.util.Optional;

/**
 * When the daily purge runs: a Quartz cron expression (every day at 03:15 server time unless
 * CONVEYOR_PURGE_CRON says otherwise), one single-action timer at a time, each armed from the
 * firing before it. Arming from the firing's due time, not from the moment the timer went off,
 * keeps a timer the container fires a few milliseconds early from firing twice for one day.
 */
public final class PurgeTimes {

    public static final String DAILY = "0 15 3 * * ?";

    /** Longer than the purge takes, shorter than a day. */
    private static final Duration LONGEST_LEASE = Duration.ofHours(1);

    private final CronSchedule schedule;
    private final Clock clock;

    public PurgeTimes(CronSchedule schedule, Clock clock) {
        this.schedule = schedule;
        this.clock = clock;
    }

    /** The first firing after now; empty when the expression never fires again. */
    public Optional<Instant> first() {
        return nextAfter(clock.instant());
    }

    /** The firing after the one that was due at {@code due}, however early or late it went off. */
    public Optional<Instant> after(Instant due) {
        Instant now = clock.instant();
        return nextAfter(now.isAfter(due) ? now : due);
    }

    /**
     * How long the node that runs the firing due at {@code due} keeps the other nodes (whose timers
     * fire at the same time) from running it too: an hour, or half the time to the next firing when
     * that is shorter, so that a node started since, with a new identity, is not kept from the next.
     */
    public Duration lease(Instant due, Optional<Instant> next) {
        return next.map(following -> Duration.between(due, following).dividedBy(2))
                .filter(half -> half.compareTo(LONGEST_LEASE) < 0)
                .orElse(LONGEST_LEASE);
    }

    private Optional<Instant> nextAfter(Instant instant) {
        return schedule.next(ZonedDateTime.ofInstant(instant, clock.getZone())).map(ZonedDateTime::toInstant);
    }

    @Override
    public String toString() {
        return schedule.toString();
    }
}
