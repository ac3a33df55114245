package dev.conveyor.job;

import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** Counts of jobs, for reports, the admin API and the console's overview. */
@Stateless
public class JobStatistics {

    private static final Set<JobState> ENDED = EnumSet.of(JobState.SUCCEEDED, JobState.FAILED, JobState.EXPIRED);
    private static final Set<JobState> FAILED = EnumSet.of(JobState.FAILED, JobState.EXPIRED);

    @Inject
    Jobs jobs;

    /** Per endpoint (sorted by name), the number of jobs in each state that has any. */
    public Map<String, Map<JobState, Long>> countsByEndpoint() {
        return byEndpointAndState(jobs.byEndpointAndState(null));
    }

    /** Per endpoint, its jobs in progress by state (the state index: finished jobs are not read). */
    public Map<String, Map<JobState, Long>> unfinishedByEndpoint() {
        return byEndpointAndState(jobs.byEndpointAndState(JobState.UNFINISHED));
    }

    /** Per endpoint, its jobs that ended at or after {@code since}, by end state. */
    public Map<String, Map<JobState, Long>> endedByEndpoint(Instant since) {
        return byEndpointAndState(jobs.endedByEndpoint(since));
    }

    private static Map<String, Map<JobState, Long>> byEndpointAndState(List<Jobs.StateCount> rows) {
        Map<String, Map<JobState, Long>> counts = new TreeMap<>();
        for (Jobs.StateCount row : rows) {
            counts.computeIfAbsent(row.key(), endpoint -> new EnumMap<>(JobState.class)).put(row.state(), row.count());
        }
        return counts;
    }

    /**
     * Jobs ended per minute over the {@code minutes} minutes up to {@code now}, oldest first,
     * one entry per minute (zeros included). Counted in the database, grouped by the hour and
     * minute of the end time: one query, whatever the number of jobs.
     */
    public List<MinuteCounts> endedPerMinute(Instant now, int minutes) {
        Instant first = now.truncatedTo(ChronoUnit.MINUTES).minus(minutes - 1L, ChronoUnit.MINUTES);
        Map<Integer, long[]> byClock = new HashMap<>();
        for (Jobs.MinuteCount row : jobs.endedByMinute(first, ENDED)) {
            long[] counts = byClock.computeIfAbsent(clock(row.hour(), row.minute()), key -> new long[2]);
            counts[FAILED.contains(row.state()) ? 1 : 0] += row.count();
        }
        List<MinuteCounts> series = new ArrayList<>(minutes);
        for (int i = 0; i < minutes; i++) {
            Instant minute = first.plus(i, ChronoUnit.MINUTES);
            // The column holds the time as Timestamp.from wrote it, in this JVM's zone: read the clock the same way.
            LocalDateTime stored = Timestamp.from(minute).toLocalDateTime();
            long[] counts = byClock.getOrDefault(clock(stored.getHour(), stored.getMinute()), new long[2]);
            series.add(new MinuteCounts(minute, counts[0], counts[1]));
        }
        return series;
    }

    private static int clock(int hour, int minute) {
        return hour * 60 + minute;
    }

    /** A cheap sign that jobs changed, as {@link Jobs#changeStamp} tells it. */
    public String changeStamp() {
        return jobs.changeStamp();
    }

    /** Jobs failed or expired at or after {@code since}, latest first, at most {@code limit}. */
    public List<JobView> recentFailures(Instant since, int limit) {
        return jobs.endedSince(since, FAILED, limit).stream().map(JobView::of).toList();
    }

    /** How many jobs failed or expired at or after {@code since}. */
    public long recentFailureCount(Instant since) {
        return jobs.countEndedSince(since, FAILED);
    }

    /** Per release signal that jobs wait for, how many wait. */
    public Map<String, Long> waitingBySignal() {
        return jobs.waitingBySignal();
    }
}
