package dev.conveyor.job;

import static dev.conveyor.endpoint.EndpointSettings.FAN_OUT;

import dev.conveyor.common.AfterCompletion;
import dev.conveyor.common.MessageId;
import dev.conveyor.endpoint.EndpointConfig;
import dev.conveyor.endpoint.EndpointService;
import dev.conveyor.endpoint.FolderWatchers;
import dev.conveyor.files.Confinement;
import dev.conveyor.files.Durably;
import dev.conveyor.files.UnsafeFolderException;
import jakarta.annotation.Resource;
import jakarta.ejb.ApplicationException;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.transaction.Status;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Records how a job ended and writes its results: right after the run, by the worker or the
 * synchronous scan that ran it, or later by a result writer taking a callback (a write that
 * failed, an endpoint resumed after a block, recovery).
 */
@Stateless
public class JobCompletion {

    private static final Logger LOG = Logger.getLogger(JobCompletion.class.getName());

    @Inject
    EndpointService endpoints;

    // @EJB, not @Inject: asked for every job, and Weld's proxy of an enterprise bean checks whether the bean was
    // removed on each call, which Payara answers by throwing and catching an exception for a no-interface view.
    @EJB
    ResultRoom flow;

    @Resource
    TransactionSynchronizationRegistry transactions;

    @Inject
    Event<JobFinished> finished;

    @Inject
    ResultSplit fanOut;

    @Inject
    Jobs jobs;

    private final Confinement confinement = Confinement.ofAllowedRoots();

    // The endpoints are asked when a job's results are written, by which time they are injected; once per folder and
    // transaction (FolderWatchers), not for each job's result and preserve folders.
    private final ResultPublisher publisher = new ResultPublisher(Clock.systemDefaultZone(), new SecureRandom(), confinement,
            folder -> FolderWatchers.watching(transactions, endpoints, folder).isPresent());

    /**
     * Records the operation's outcome and moves the job to WRITING, in a transaction of its own
     * (a worker's or a synchronous scan's), committed before any result is written: from then on
     * the job is never run again, so its source is still there for the write. Returns false when
     * the job is not waiting for an outcome (finished, or already recorded by an earlier
     * delivery), and when the outcome is fenced off:
     * it comes from an attempt the job has left (its node was taken for dead and the job re-queued).
     */
    public boolean record(Outcome outcome) {
        return !recordAll(List.of(outcome)).isEmpty();
    }

    /**
     * Records a chunk's outcomes as {@link #record} does one, their rows read and locked together.
     * Returns the ids of the jobs whose outcome was recorded now.
     */
    public List<String> recordAll(List<Outcome> outcomes) {
        return ids(recordLocked(outcomes));
    }

    /** Records as {@link #recordAll} does; the jobs recorded now, their rows locked, oldest first. */
    private List<Job> recordLocked(List<Outcome> outcomes) {
        return recordLocked(jobs.locked(outcomes.stream().map(Outcome::jobId).distinct().toList()), outcomes);
    }

    /** Records the outcomes of those of the jobs, locked by the caller's transaction, that have one; oldest first. */
    private List<Job> recordLocked(List<Job> locked, List<Outcome> outcomes) {
        Map<String, Outcome> byJob = new HashMap<>();
        outcomes.forEach(outcome -> byJob.put(outcome.jobId(), outcome));
        List<Job> recorded = new ArrayList<>();
        for (Job job : locked) {
            Outcome outcome = byJob.get(job.getId());
            if (outcome == null) {
                continue;
            }
            if (job.getState().isFinished() || job.getState() == JobState.WRITING) {
                continue;
            }
            if (outcome.attempt() != Outcome.NOT_RUN && !job.isAt(outcome.attempt())) {
                LOG.warning(MessageId.OUTCOME_FENCED.format(job.getId(), outcome.attempt(), job.getState(), job.getAttempts()));
                continue;
            }
            job.recordOutcome(outcome.succeeded(), outcome.reason(), outcome.detail());
            recorded.add(job);
        }
        return recorded;
    }

    private static List<String> ids(List<Job> jobs) {
        return jobs.stream().map(Job::getId).toList();
    }

    /**
     * Records a chunk's outcomes as {@link #recordAll} does and, in the same transaction, writes
     * the results of the jobs that succeeded as {@link #completeNow} does: one commit, one locked
     * read of the rows and one change of each row where recording first took two of each. WRITING
     * need not be committed before such a write, because a crash in it leaves nothing a new attempt
     * lacks: an operation's results are listed (results.json) only once they are whole, and a later
     * attempt that finds the list takes that run over instead of running again (see
     * {@link StageFolder#takeOverFinishedRun}), while the
     * write keeps the staged names of what it links (see {@link ResultFiles#linkInto}) or records
     * in the journal what it moves. Failures, and every job of a fan-out endpoint (a parent's
     * split; a join, which takes over no earlier run), are only recorded here, so that
     * a failure is written once with its first reason and a join is never run again; they, and the
     * jobs whose results have no room now, are returned, left WRITING for {@link #completeNow} and
     * the result writers.
     *
     * @throws WriteUndone when the write was undone (a folder proved unsafe): nothing of the chunk
     *         is recorded, and the caller records it alone
     */
    public List<String> recordAndComplete(List<Outcome> outcomes) {
        return writeSuccesses(recordLocked(outcomes), outcomes);
    }

    /**
     * Records and writes as {@link #recordAndComplete} does, on jobs the caller's transaction has
     * locked and changed already (a quick chunk's, {@link JobRunner#runQuickly}): reading them again
     * under a lock would replace those changes with the rows as committed.
     */
    @TransactionAttribute(TransactionAttributeType.MANDATORY)
    public List<String> recordAndComplete(List<Job> locked, List<Outcome> outcomes) {
        return writeSuccesses(recordLocked(locked, outcomes), outcomes);
    }

    private List<String> writeSuccesses(List<Job> recorded, List<Outcome> outcomes) {
        Set<String> succeeded = new HashSet<>();
        outcomes.stream().filter(Outcome::succeeded).forEach(outcome -> succeeded.add(outcome.jobId()));
        List<String> left = new ArrayList<>(recorded.stream().map(Job::getId).filter(jobId -> !succeeded.contains(jobId)).toList());
        // The rows recorded are written on as they are, locked: reading them again would make the database change each row twice.
        left.addAll(write(recorded.stream().filter(job -> succeeded.contains(job.getId())).toList(), false, false));
        if (transactions.getRollbackOnly()) {
            throw new WriteUndone();
        }
        return left;
    }

    /**
     * {@link #recordAndComplete} through {@code completion} (the bean, so each call is a
     * transaction of its own); when that write is undone (an unsafe folder) or fails, the outcomes
     * are recorded alone, for the caller to write as it writes every recorded job. The cause is
     * logged where it happened (CNV-3002-E, the unsafe folder's block). Returns the jobs left WRITING.
     */
    public static List<String> recordWithSuccesses(JobCompletion completion, List<Outcome> outcomes) {
        try {
            return completion.recordAndComplete(outcomes);
        } catch (RuntimeException undoneOrFailed) {
            return completion.recordAll(outcomes);
        }
    }

    /** The write of {@link #recordAndComplete} was undone with the outcomes it would have recorded. */
    @ApplicationException(rollback = true)
    public static final class WriteUndone extends RuntimeException {
        WriteUndone() {
            super("a folder of the chunk proved unsafe; nothing was recorded", null, false, false);
        }
    }

    /**
     * Publishes the files as the recorded outcome says and marks the job SUCCEEDED or FAILED in
     * the same transaction. Results that cannot be stored (output overflow) wait as flow control
     * says, and are left in stage if the endpoint blocks. The job row is locked first, so a repeated callback waits and then
     * finds the job finished. A file-system error rolls everything back and the callback is
     * delivered again.
     */
    public void complete(String jobId) {
        completeAll(List.of(jobId));
    }

    /**
     * Completes a chunk's jobs as {@link #complete} does one, in the caller's transaction, their
     * rows read and locked together: a result writer's, which waits for room for the results as
     * flow control says. Their results are forced to disk together at the end, before the
     * transaction that records them SUCCEEDED can commit.
     */
    public void completeAll(List<String> jobIds) {
        write(jobs.locked(jobIds), true, true);
    }

    /**
     * Completes what can be completed now, as {@link #completeAll} does but never waiting for room
     * for results: the worker that ran the jobs asks this. Returns the jobs left WRITING (their
     * results have no room yet, their endpoint is blocked), for the result writers.
     */
    public List<String> completeNow(List<String> jobIds) {
        return write(jobs.locked(jobIds), false, true);
    }

    /**
     * Writes what can be written of these jobs, whose rows the transaction has locked; {@code fanOutNow} false
     * leaves the jobs of fan-out endpoints (parents and joins) WRITING. Returns the jobs left WRITING.
     */
    private List<String> write(List<Job> locked, boolean mayWait, boolean fanOutNow) {
        Set<String> blocked = new HashSet<>();
        // Read once per endpoint and chunk: a chunk's jobs are mostly one endpoint's.
        Map<String, Optional<EndpointConfig>> configs = new HashMap<>();
        Durably.Pending durable = new Durably.Pending();
        for (Job job : locked) {
            if (transactions.getRollbackOnly()) {
                // A folder of the chunk's proved unsafe: the whole write is undone, so nothing more is moved.
                return ids(locked);
            }
            if (job.getState() != JobState.WRITING || blocked.contains(job.getEndpoint())) {
                continue;
            }
            Optional<EndpointConfig> endpoint = configs.computeIfAbsent(job.getEndpoint(), name -> {
                if (endpoints.blockedForUnsafeFolder(name)) {
                    // A link stands where one of its folders should be: its jobs wait in stage; resuming sends their callbacks again.
                    blocked.add(name);
                }
                return endpoints.config(name);
            });
            if (!blocked.contains(job.getEndpoint()) && !complete(job, endpoint, durable, mayWait, fanOutNow)) {
                // Its results wait (the endpoint blocked, or no room yet): the chunk's other jobs there wait too, without sleeping again.
                blocked.add(job.getEndpoint());
            }
        }
        try {
            durable.force();
        } catch (IOException e) {
            LOG.log(Level.WARNING, MessageId.RESULT_WRITE_FAILED.format(String.join(", ", ids(locked)), e), e);
            throw new UncheckedIOException(e);
        }
        return locked.stream().filter(job -> job.getState() == JobState.WRITING).map(Job::getId).toList();
    }

    /**
     * False when the job's results cannot be stored (the endpoint blocked; or, unless
     * {@code mayWait}, no room for them now), or it is a fan-out endpoint's and not {@code fanOutNow}:
     * the job stays WRITING.
     */
    private boolean complete(Job job, Optional<EndpointConfig> config, Durably.Pending durable, boolean mayWait, boolean fanOutNow) {
        String jobId = job.getId();
        if (config.isEmpty()) {
            job.fail("endpoint '" + job.getEndpoint() + "' was deleted while the job ran; its files stay in the stage folder",
                    List.of(), Instant.now());
            return true;
        }
        EndpointConfig endpoint = config.get();
        if (!fanOutNow && endpoint.get(FAN_OUT).isPresent()) {
            return false;
        }
        boolean succeeded = Boolean.TRUE.equals(job.getSucceeded());
        String reason = job.getFailureReason();
        Optional<String> unsafeName = succeeded ? publisher.unsafeName(endpoint, jobId, job.getSource()) : Optional.empty();
        if (unsafeName.isPresent()) {
            succeeded = false;
            reason = unsafeName.get();
        }
        // Asked only of a fan-out endpoint's jobs: a call through the port's proxy for every job cost more than the check.
        if (succeeded && endpoint.get(FAN_OUT).isPresent() && fanOut.splits(endpoint, job)) {
            Optional<String> refused;
            try {
                refused = fanOut.split(job, endpoint);
            } catch (UnsafeFolderException e) {
                holdForUnsafeFolder(endpoint, e);
                return false;
            } catch (IOException e) {
                throw writeFailed(job, e);
            }
            if (refused.isEmpty()) {
                return true;
            }
            succeeded = false;
            reason = refused.get();
        }
        Path resultFolder = succeeded ? publisher.resultFolder(endpoint, jobId, job.getSource()) : null;
        // The recorded outcome's attempt: what is measured and published is its run, whatever a late node left beside it.
        int attempt = job.getAttempts();
        LongSupplier resultBytes = () -> StageFolder.of(endpoint.folder(), jobId).recordedRun(attempt).outputBytes();
        IntSupplier resultUnits = () -> StageFolder.of(endpoint.folder(), jobId).recordedRun(attempt).resultUnitCount();
        if (succeeded && !(mayWait ? flow.awaitResultRoom(endpoint, resultFolder, resultBytes, resultUnits)
                : flow.hasResultRoom(endpoint, resultFolder, resultBytes, resultUnits))) {
            // Blocked: the job stays WRITING with its results in stage; resuming the endpoint sends its callback again.
            return false;
        }
        String failure = reason;
        end(job, endpoint, succeeded
                ? () -> job.succeed(publisher.publishSuccess(endpoint, jobId, attempt, job.getSource(), durable), Instant.now())
                : () -> job.fail(failure, publisher.publishFailure(endpoint, jobId, job.getSource(), failure, job.getFailureDetail()),
                        Instant.now()));
        return true;
    }

    /**
     * Ends a job that waited too long: its source and an expired.log go into a folder of their own
     * under {@code expiredFolder}, and the job is EXPIRED, in one transaction as {@link #complete} does.
     */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public void expire(String jobId, String expiredFolder, Instant waitingBefore) {
        Job job = jobs.locked(jobId).orElse(null);
        if (job == null || job.getState() != JobState.WAITING || !job.getChangedAt().isBefore(waitingBefore)) {
            return;
        }
        EndpointConfig endpoint = endpoints.config(job.getEndpoint()).orElse(null);
        if (endpoint == null) {
            return;
        }
        String reason = MessageId.WAIT_EXPIRED.format(Duration.between(job.getChangedAt(), Instant.now()).withNanos(0),
                job.getWaitSignal());
        endWaiting(job, endpoint, expiredFolder, reason);
    }

    /**
     * Ends a waiting job at an operator's word, as an expiry does (source and expired.log into
     * {@code expiredFolder}, EXPIRED), in the caller's transaction, which holds the job's row locked.
     */
    @TransactionAttribute(TransactionAttributeType.MANDATORY)
    public void cancel(Job job, EndpointConfig endpoint, String expiredFolder, String caller) {
        endWaiting(job, endpoint, expiredFolder, MessageId.JOB_CANCELLED.format(caller, job.getWaitSignal()));
    }

    private void endWaiting(Job job, EndpointConfig endpoint, String expiredFolder, String reason) {
        end(job, endpoint, () -> job.expire(reason, publisher.publishExpired(endpoint, job.getId(), job.getSource(), expiredFolder, reason),
                Instant.now()));
    }

    /** Writes the job's files and records its end, as {@code publication} does. */
    @FunctionalInterface
    private interface Publication {
        void publish() throws IOException;
    }

    /**
     * Publishes and records a job's end in the caller's transaction: the stage goes once that
     * commits, and a file-system error rolls it all back so that the write is tried again. A folder
     * that is not safe to write into (a link in its place) blocks the endpoint and rolls back: the
     * job stays WRITING with its files in stage until the folder is put right and the endpoint resumed.
     */
    private void end(Job job, EndpointConfig endpoint, Publication publication) {
        clearStageAfterCommit(StageFolder.of(endpoint.folder(), job.getId()), job.getSource());
        try {
            publication.publish();
        } catch (UnsafeFolderException e) {
            holdForUnsafeFolder(endpoint, e);
            return;
        } catch (IOException e) {
            throw writeFailed(job, e);
        }
        finished.fire(new JobFinished(job, endpoint));
    }

    /** Blocks the endpoint and undoes the write: nothing more goes through the link, and the job keeps its files in stage. */
    private void holdForUnsafeFolder(EndpointConfig endpoint, UnsafeFolderException e) {
        endpoints.blockUnsafe(endpoint.name(), e);
        transactions.setRollbackOnly();
    }

    private static UncheckedIOException writeFailed(Job job, IOException e) {
        LOG.log(Level.WARNING, MessageId.RESULT_WRITE_FAILED.format(job.getId(), e), e);
        return new UncheckedIOException(e);
    }

    /**
     * The stage folder (with the publish journal) goes only once the job's end is committed: a
     * crash before the commit retries the write from it. A crash between commit and removal leaves
     * it to the recovery pass.
     */
    private void clearStageAfterCommit(StageFolder stage, String source) {
        transactions.registerInterposedSynchronization((AfterCompletion) status -> {
            if (status == Status.STATUS_COMMITTED) {
                try {
                    stage.clear(confinement, source);
                } catch (IOException e) {
                    LOG.log(Level.WARNING, MessageId.STAGE_LEFT_FOR_RECOVERY.format(stage.jobFolder(), e));
                }
            }
        });
    }
}
