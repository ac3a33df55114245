package dev.conveyor.job;

import dev.conveyor.common.InstantColumns;
import jakarta.ejb.Stateless;
import jakarta.persistence.EntityManager;
import jakarta.persistence.FlushModeType;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The job table: every query on it is here, so that how jobs are found, locked and counted is
 * read in one place (and indexed for, see {@link Job}'s indexes). Joins the caller's transaction,
 * or runs in one of its own: a caller outside any (a scan, a submission, the purge) reads as it
 * did through JobService, and the container, not the caller, closes the entity manager.
 */
@Stateless
public class Jobs {

    /** Most ids in one query's IN list: well inside every database's limit on parameters. */
    private static final int IDS_PER_QUERY = 500;

    @PersistenceContext
    EntityManager em;

    public Jobs() {
    }

    /** Jobs kept by {@code em}: for in-process tests, which have no container to inject it. */
    public Jobs(EntityManager em) {
        this.em = em;
    }

    /** A new job's row, written at the commit. */
    public void add(Job job) {
        em.persist(job);
    }

    /** Adds a claim's jobs in one call: through this bean's proxy, a call per job cost a claim more than its inserts. */
    public void addAll(List<Job> added) {
        added.forEach(em::persist);
    }

    public Optional<Job> find(String id) {
        return Optional.ofNullable(em.find(Job.class, id));
    }

    /**
     * Holds the transaction's changes of jobs until its commit: a query on jobs in it then no
     * longer writes them first, and sees them as they were before the transaction.
     */
    public void writeAtCommit() {
        em.setFlushMode(FlushModeType.COMMIT);
    }

    /** The job, its row locked for update until the transaction ends. */
    public Optional<Job> locked(String id) {
        return Optional.ofNullable(em.find(Job.class, id, LockModeType.PESSIMISTIC_WRITE));
    }

    /**
     * The jobs of these ids that exist, oldest first, read and locked for update in as few queries
     * as the list needs: one batch's rows cost one round trip, not one each. Sorted here rather
     * than by the database, which would sort under the locks.
     */
    public List<Job> locked(List<String> jobIds) {
        List<Job> found = new ArrayList<>(jobIds.size());
        for (List<String> ids : Chunks.of(jobIds, IDS_PER_QUERY)) {
            found.addAll(em.createQuery("SELECT j FROM Job j WHERE j.id IN :ids", Job.class).setParameter("ids", ids)
                    .setLockMode(LockModeType.PESSIMISTIC_WRITE).getResultList());
        }
        found.sort(Comparator.comparing(Job::getCreatedAt));
        return found;
    }

    /** The job an earlier delivery of this submission made, if any. */
    public Optional<String> submitted(String endpoint, String submissionId) {
        if (submissionId == null) {
            return Optional.empty();
        }
        return em.createQuery("SELECT j.id FROM Job j WHERE j.endpoint = :endpoint AND j.submissionId = :id", String.class)
                .setParameter("endpoint", endpoint).setParameter("id", submissionId).getResultStream().findFirst();
    }

    /** Ids of the endpoint's jobs in a state, oldest first. */
    public List<String> inState(String endpoint, JobState state) {
        return em.createQuery("SELECT j.id FROM Job j WHERE j.endpoint = :endpoint AND j.state = :state ORDER BY j.createdAt",
                        String.class)
                .setParameter("endpoint", endpoint)
                .setParameter("state", state)
                .getResultList();
    }

    /** How many of the endpoint's jobs are accepted and not yet running: its input queue's length. */
    public int notYetRunning(String endpoint) {
        return countIn(endpoint, JobState.NOT_YET_RUNNING);
    }

    /** How many of the endpoint's jobs are claimed and not finished: the jobs in progress that throttle counts. */
    public int unfinished(String endpoint) {
        return countIn(endpoint, JobState.UNFINISHED);
    }

    /** How many of the endpoint's jobs wait for release signals. */
    public int waiting(String endpoint) {
        return countIn(endpoint, Set.of(JobState.WAITING));
    }

    /**
     * One count per state, each a range of the (endpoint, state) index. Asked for a list of states
     * at once, H2 2.2 walked every row of the endpoint in that index, finished jobs too, and
     * tested each row's state: a claim, which counts the queue, took longer the more jobs the
     * endpoint had ever finished (EXPLAIN ANALYZE: 55,001 rows read to count 5,000 queued among
     * 50,000 finished; 1,668 and 3,334 per state), 8% of a warm stack's Java samples. The state is
     * counted, not the job ({@code COUNT(j)} is the id's count): every column asked is then in the
     * index, so the database counts its entries without fetching each row (H2: a quarter of the
     * time over 10,000 queued jobs; a claim counts the queue of a backlog each time).
     */
    private int countIn(String endpoint, Set<JobState> states) {
        int count = 0;
        for (JobState state : states) {
            count += em.createQuery("SELECT COUNT(j.state) FROM Job j WHERE j.endpoint = :endpoint AND j.state = :state", Long.class)
                    .setParameter("endpoint", endpoint)
                    .setParameter("state", state)
                    .getSingleResult().intValue();
        }
        return count;
    }

    /** A job's id, the node that last had it, and when it last changed state: what recovery judges a job left behind by. */
    public record Changed(String id, String node, Instant changedAt) {
    }

    /** The jobs in {@code state} since before {@code changedBefore}. */
    public List<Changed> changedBefore(JobState state, Instant changedBefore) {
        return em.createQuery("SELECT j.id, j.node, j.changedAt FROM Job j WHERE j.state = :state AND j.changedAt < :before",
                        Object[].class).setParameter("state", state).setParameter("before", changedBefore).getResultStream()
                .map(row -> new Changed((String) row[0], (String) row[1], InstantColumns.instant(row[2]))).toList();
    }

    /** Where a job named by a stage folder stands: its endpoint and state. */
    public record Standing(String endpoint, JobState state) {
    }

    /** The jobs of these ids that exist, by id, read in as few queries as the list needs (a stage may hold thousands). */
    public Map<String, Standing> standing(List<String> jobIds) {
        Map<String, Standing> found = new HashMap<>();
        for (List<String> ids : Chunks.of(jobIds, IDS_PER_QUERY)) {
            em.createQuery("SELECT j.id, j.endpoint, j.state FROM Job j WHERE j.id IN :ids", Object[].class).setParameter("ids", ids)
                    .getResultList().forEach(row -> found.put((String) row[0], new Standing((String) row[1], (JobState) row[2])));
        }
        return found;
    }

    /** Page {@code page} (from 0) of {@code limit} jobs as {@code filter} picks them, and one more to tell whether another page follows. */
    public List<Job> listed(JobFilter filter, int page, int limit) {
        var query = em.createQuery(filter.jpql(), Job.class);
        filter.parameters().forEach(query::setParameter);
        return query.setFirstResult(page * limit).setMaxResults(limit + 1).getResultList();
    }

    /**
     * The endpoint's SUCCEEDED jobs that finished before {@code finishedBefore} and whose results
     * the purge has not yet deleted, oldest first, at most {@code limit}.
     */
    public List<PurgeCandidate> resultsToPurge(String endpoint, Instant finishedBefore, int limit) {
        return em.createQuery("SELECT j FROM Job j WHERE j.endpoint = :endpoint AND j.state = :state AND j.finishedAt < :before"
                        + " AND j.resultsPurgedAt IS NULL ORDER BY j.finishedAt, j.id", Job.class)
                .setParameter("endpoint", endpoint).setParameter("state", JobState.SUCCEEDED).setParameter("before", finishedBefore)
                .setMaxResults(limit).getResultStream()
                .map(job -> new PurgeCandidate(job.getId(), job.getFinishedAt(), job.getResults())).toList();
    }

    /**
     * Deletes up to {@code limit} of the endpoint's finished jobs that finished before
     * {@code finishedBefore}, oldest first; with {@code resultsPurged}, a succeeded job only once the
     * purge has dealt with its results (else they could never be purged). Returns how many.
     */
    public int deleteFinished(String endpoint, Instant finishedBefore, boolean resultsPurged, int limit) {
        Set<JobState> deletable = resultsPurged ? Set.of(JobState.FAILED, JobState.EXPIRED)
                : Set.of(JobState.SUCCEEDED, JobState.FAILED, JobState.EXPIRED);
        List<String> ids = em.createQuery("SELECT j.id FROM Job j WHERE j.endpoint = :endpoint AND j.finishedAt < :before"
                        + " AND (j.state IN :deletable OR (j.state = :succeeded AND j.resultsPurgedAt IS NOT NULL))"
                        + " ORDER BY j.finishedAt, j.id", String.class)
                .setParameter("endpoint", endpoint).setParameter("before", finishedBefore)
                .setParameter("deletable", deletable).setParameter("succeeded", JobState.SUCCEEDED)
                .setMaxResults(limit).getResultList();
        if (ids.isEmpty()) {
            return 0;
        }
        return em.createQuery("DELETE FROM Job j WHERE j.id IN :ids").setParameter("ids", ids).executeUpdate();
    }

    /** The endpoints named by job records that no longer exist as endpoints. */
    public List<String> endpointsGoneWithJobs(Set<String> existing) {
        return em.createQuery("SELECT DISTINCT j.endpoint FROM Job j", String.class).getResultStream()
                .filter(endpoint -> !existing.contains(endpoint)).toList();
    }

    /** How many jobs of one endpoint (or one bucket) are in one state. */
    public record StateCount(String key, JobState state, long count) {
    }

    private static List<StateCount> stateCounts(List<Object[]> rows) {
        return rows.stream().map(row -> new StateCount((String) row[0], (JobState) row[1], (Long) row[2])).toList();
    }

    /** Per endpoint, its jobs by state; only the {@code states} given (the state index: others are not read), or all when null. */
    public List<StateCount> byEndpointAndState(Set<JobState> states) {
        // The state counted, as countIn does: the (endpoint, state) index answers without the rows.
        var query = em.createQuery("SELECT j.endpoint, j.state, COUNT(j.state) FROM Job j"
                + (states == null ? "" : " WHERE j.state IN :states") + " GROUP BY j.endpoint, j.state", Object[].class);
        if (states != null) {
            query.setParameter("states", states);
        }
        return stateCounts(query.getResultList());
    }

    /** Per endpoint, its jobs that ended at or after {@code since}, by end state. */
    public List<StateCount> endedByEndpoint(Instant since) {
        return stateCounts(em.createQuery("SELECT j.endpoint, j.state, COUNT(j) FROM Job j WHERE j.finishedAt >= :since "
                + "GROUP BY j.endpoint, j.state", Object[].class).setParameter("since", since).getResultList());
    }

    /** Per bucket, its jobs in these states. */
    public List<StateCount> byBucketAndState(Set<JobState> states) {
        return stateCounts(em.createQuery("SELECT j.bucket, j.state, COUNT(j) FROM Job j WHERE j.state IN :states "
                + "GROUP BY j.bucket, j.state", Object[].class).setParameter("states", states).getResultList());
    }

    /** How many jobs ended in one state within one minute of the clock, as the column holds it (this JVM's zone). */
    public record MinuteCount(int hour, int minute, JobState state, long count) {
    }

    /**
     * Jobs that ended at or after {@code first} in one of the {@code ended} states, counted in the
     * database by the hour and minute of the end: one query, whatever the number of jobs.
     */
    public List<MinuteCount> endedByMinute(Instant first, Set<JobState> ended) {
        return em.createQuery("SELECT EXTRACT(HOUR FROM j.finishedAt), EXTRACT(MINUTE FROM j.finishedAt), j.state, COUNT(j) "
                        + "FROM Job j WHERE j.finishedAt >= :first AND j.state IN :ended "
                        + "GROUP BY EXTRACT(HOUR FROM j.finishedAt), EXTRACT(MINUTE FROM j.finishedAt), j.state", Object[].class)
                .setParameter("first", first).setParameter("ended", ended).getResultStream()
                .map(row -> new MinuteCount(((Number) row[0]).intValue(), ((Number) row[1]).intValue(), (JobState) row[2], (Long) row[3]))
                .toList();
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

    /** Jobs that ended in one of these states at or after {@code since}, latest first, at most {@code limit}. */
    public List<Job> endedSince(Instant since, Set<JobState> states, int limit) {
        return em.createQuery("SELECT j FROM Job j WHERE j.finishedAt >= :since AND j.state IN :states ORDER BY j.finishedAt DESC",
                        Job.class)
                .setParameter("since", since).setParameter("states", states).setMaxResults(limit).getResultList();
    }

    /** How many jobs ended in one of these states at or after {@code since}. */
    public long countEndedSince(Instant since, Set<JobState> states) {
        return em.createQuery("SELECT COUNT(j) FROM Job j WHERE j.finishedAt >= :since AND j.state IN :states", Long.class)
                .setParameter("since", since).setParameter("states", states).getSingleResult();
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

    /** The jobs waiting for {@code signalId}, oldest first, their rows locked for update until the transaction ends. */
    public List<Job> lockedWaitingFor(String signalId) {
        return em.createQuery("SELECT j FROM Job j WHERE j.state = :state AND j.waitSignal = :signal ORDER BY j.createdAt, j.id", Job.class)
                .setParameter("state", JobState.WAITING).setParameter("signal", signalId)
                .setLockMode(LockModeType.PESSIMISTIC_WRITE).getResultList();
    }

    /** Ids of the endpoint's jobs waiting since before {@code before}: those a sweep expires. */
    public List<String> waitingSince(String endpoint, Instant before) {
        return em.createQuery("SELECT j.id FROM Job j WHERE j.endpoint = :endpoint AND j.state = :state AND j.changedAt < :before",
                        String.class)
                .setParameter("endpoint", endpoint).setParameter("state", JobState.WAITING).setParameter("before", before)
                .getResultList();
    }

    /** The signals the endpoint's oldest waiting jobs wait for, oldest first, but those in {@code except}; at most {@code limit}. */
    public List<String> oldestWaitSignals(String endpoint, Set<String> except, int limit) {
        var query = em.createQuery("SELECT j.waitSignal FROM Job j WHERE j.endpoint = :endpoint AND j.state = :state "
                        + (except.isEmpty() ? "" : "AND j.waitSignal NOT IN :except ") + "ORDER BY j.createdAt", String.class)
                .setParameter("endpoint", endpoint).setParameter("state", JobState.WAITING)
                .setMaxResults(limit);
        if (!except.isEmpty()) {
            query.setParameter("except", except);
        }
        return query.getResultList();
    }

    /** The jobs of one endpoint that wait for one signal: how many, and since when the first. */
    public record WaitingGroup(String signalId, String endpoint, long count, Instant since) {
    }

    /** The waiting jobs grouped by signal id and endpoint, longest waiting first, at most {@code limit} groups. */
    public List<WaitingGroup> waitingGroups(int limit) {
        return em.createQuery("SELECT j.waitSignal, j.endpoint, COUNT(j), MIN(j.changedAt) FROM Job j "
                        + "WHERE j.state = :state GROUP BY j.waitSignal, j.endpoint ORDER BY MIN(j.changedAt)", Object[].class)
                .setParameter("state", JobState.WAITING).setMaxResults(limit).getResultStream()
                .map(row -> new WaitingGroup((String) row[0], (String) row[1], (Long) row[2], InstantColumns.instant(row[3]))).toList();
    }

    /** The jobs in these states, their attributes and buckets read with them. */
    public List<Job> inStates(Set<JobState> states) {
        return em.createQuery("SELECT j FROM Job j WHERE j.state IN :states", Job.class).setParameter("states", states).getResultList();
    }

    /** A job that ended: its bucket, when it was claimed and when a worker first started it. */
    public record Served(String bucket, Instant createdAt, Instant startedAt) {
    }

    /** The jobs that ended at or after {@code since}, as their buckets served them. */
    public List<Served> servedSince(Instant since) {
        return em.createQuery("SELECT j.bucket, j.createdAt, j.startedAt FROM Job j WHERE j.finishedAt >= :since", Object[].class)
                .setParameter("since", since).getResultStream()
                .map(row -> new Served((String) row[0], (Instant) row[1], (Instant) row[2])).toList();
    }
}
