package dev.conveyor.job;

import dev.conveyor.common.InstantColumns;
import jakarta.ejb.Stateless;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
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

    @PersistenceContext
    EntityManager em;

    /** Per endpoint (sorted by name), the number of jobs in each state that has any. */
    public Map<String, Map<JobState, Long>> countsByEndpoint() {
        return byEndpointAndState(em.createQuery(
                "SELECT j.endpoint, j.state, COUNT(j) FROM Job j GROUP BY j.endpoint, j.state", Object[].class).getResultList());
    }

    /** Per endpoint, its jobs in progress by state (the state index: finished jobs are not read). */
    public Map<String, Map<JobState, Long>> unfinishedByEndpoint() {
        return byEndpointAndState(em.createQuery("SELECT j.endpoint, j.state, COUNT(j) FROM Job j WHERE j.state IN :states "
                + "GROUP BY j.endpoint, j.state", Object[].class).setParameter("states", JobState.UNFINISHED).getResultList());
    }

    /** Per endpoint, its jobs that ended at or after {@code since}, by end state. */
    public Map<String, Map<JobState, Long>> endedByEndpoint(Instant since) {
        return byEndpointAndState(em.createQuery("SELECT j.endpoint, j.state, COUNT(j) FROM Job j WHERE j.finishedAt >= :since "
                + "GROUP BY j.endpoint, j.state", Object[].class).setParameter("since", since).getResultList());
    }

    private static Map<String, Map<JobState, Long>> byEndpointAndState(List<Object[]> rows) {
        Map<String, Map<JobState, Long>> counts = new TreeMap<>();
        for (Object[] row : rows) {
            counts.computeIfAbsent((String) row[0], endpoint -> new EnumMap<>(JobState.class)).put((JobState) row[1], (Long) row[2]);
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
        for (Object[] row : em.createQuery("SELECT EXTRACT(HOUR FROM j.finishedAt), EXTRACT(MINUTE FROM j.finishedAt), j.state, COUNT(j) "
                        + "FROM Job j WHERE j.finishedAt >= :first AND j.state IN :ended "
                        + "GROUP BY EXTRACT(HOUR FROM j.finishedAt), EXTRACT(MINUTE FROM j.finishedAt), j.state", Object[].class)
                .setParameter("first", first).setParameter("ended", ENDED).getResultList()) {
            long[] counts = byClock.computeIfAbsent(clock(((Number) row[0]).intValue(), ((Number) row[1]).intValue()), key -> new long[2]);
            counts[FAILED.contains((JobState) row[2]) ? 1 : 0] += (Long) row[3];
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

    /**
     * A cheap sign that jobs changed: how many are in progress, the last change among them, and
     * the last end. Two index-backed aggregates, so a live view can skip its full count when
     * nothing moved.
     */
    public String changeStamp() {
        Object[] unfinished = em.createQuery("SELECT COUNT(j), MAX(j.changedAt) FROM Job j WHERE j.state IN :states", Object[].class)
                .setParameter("states", JobState.UNFINISHED).getSingleResult();
        Object lastEnd = em.createQuery("SELECT MAX(j.finishedAt) FROM Job j", Object.class).getSingleResult();
        return unfinished[0] + "|" + InstantColumns.instant(unfinished[1]) + "|" + InstantColumns.instant(lastEnd);
    }

    /** Jobs failed or expired at or after {@code since}, latest first, at most {@code limit}. */
    public List<JobView> recentFailures(Instant since, int limit) {
        return em.createQuery("SELECT j FROM Job j WHERE j.finishedAt >= :since AND j.state IN :failed ORDER BY j.finishedAt DESC",
                        Job.class)
                .setParameter("since", since).setParameter("failed", FAILED).setMaxResults(limit)
                .getResultList().stream().map(JobView::of).toList();
    }

    /** How many jobs failed or expired at or after {@code since}. */
    public long recentFailureCount(Instant since) {
        return em.createQuery("SELECT COUNT(j) FROM Job j WHERE j.finishedAt >= :since AND j.state IN :failed", Long.class)
                .setParameter("since", since).setParameter("failed", FAILED).getSingleResult();
    }

    /** Per release signal that jobs wait for, how many wait. */
    public Map<String, Long> waitingBySignal() {
        Map<String, Long> waiting = new TreeMap<>();
        for (Object[] row : em.createQuery("SELECT j.waitSignal, COUNT(j) FROM Job j WHERE j.state = :waiting GROUP BY j.waitSignal",
                Object[].class).setParameter("waiting", JobState.WAITING).getResultList()) {
            waiting.put((String) row[0], (Long) row[1]);
        }
        return waiting;
    }
}
