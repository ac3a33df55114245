package dev.conveyor.job;

import static dev.conveyor.endpoint.EndpointSettings.ASYNCHRONOUS;
import static dev.conveyor.endpoint.EndpointSettings.FAN_OUT;

import dev.conveyor.common.AfterCompletion;
import dev.conveyor.common.MessageId;
import dev.conveyor.common.Tunable;
import dev.conveyor.endpoint.EndpointConfig;
import dev.conveyor.endpoint.EndpointService;
import dev.conveyor.files.Confinement;
import dev.conveyor.files.HeldFolder;
import dev.conveyor.files.UnsafeFolderException;
import dev.conveyor.node.ThisNode;
import dev.conveyor.operation.Operation;
import dev.conveyor.operation.OperationCatalog;
import dev.conveyor.operation.OperationLimits;
import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.transaction.Status;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/** Runs a job's operation on its staged source. */
@Stateless
public class JobRunner {

    private static final Logger LOG = Logger.getLogger(JobRunner.class.getName());

    /** Starts of the operation a job gets before it fails: a worker that keeps dying on it is not tried forever. */
    private final int attempts = Tunable.ATTEMPTS.value();
    /** Before the second attempt; doubled before each further one. */
    private final Duration retryBackOff = Tunable.RETRY_BACK_OFF.value();

    @Inject
    OperationCatalog operations;

    @Inject
    EndpointService endpoints;

    @Inject
    ThisNode node;

    @Inject
    JobDispatcher dispatcher;

    @Inject
    Jobs jobs;

    @Inject
    JobTimes times;

    // @EJB, not @Inject (as JobCompletion does for ResultRoom): Weld's proxy of an enterprise bean throws and catches an exception on each call.
    @EJB
    JobCompletion completion;

    @Resource
    TransactionSynchronizationRegistry transactions;

    private final Confinement confinement = Confinement.ofAllowedRoots();

    /**
     * Marks a chunk's jobs RUNNING on this node, counts their attempts and commits at once, so the
     * state is visible while the operations run; their rows are read and locked together. A job
     * is started when it is STAGED or QUEUED, or RUNNING on this node with no worker on it (its
     * earlier attempt here failed and the message came back); a job RUNNING on another node is
     * that node's, or recovery's once the node is dead. The requests come back oldest first, for
     * the jobs there is something to run for: none for a job that is someone else's, finished,
     * gone, or whose endpoint was deleted.
     */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public List<RunRequest> startAll(List<String> jobIds) {
        return start(jobs.locked(jobIds));
    }

    /** Starts those of the jobs, locked by the caller's transaction, that are startable, as {@link #startAll} does. */
    private List<RunRequest> start(List<Job> locked) {
        Map<String, Optional<EndpointConfig>> endpointsByName = new HashMap<>();
        List<RunRequest> requests = new ArrayList<>();
        String nodeId = node.id();
        for (Job job : locked) {
            Optional<EndpointConfig> endpoint = endpointsByName.computeIfAbsent(job.getEndpoint(), endpoints::config);
            if (startable(job) && endpoint.isPresent()) {
                String giveUp = job.getAttempts() >= attempts ? MessageId.ATTEMPTS_EXHAUSTED.format(job.getAttempts()) : null;
                job.start(nodeId);
                requests.add(new RunRequest(job.getId(), endpoint.get(), job.getSource(), giveUp,
                        endpoint.get().get(FAN_OUT).isPresent() && job.hasWaited(), job.getAttempts()));
            }
        }
        claimWork(requests.stream().map(RunRequest::jobId).toList());
        return requests;
    }

    /**
     * Marks the jobs as worked by this node while the start's row locks are held, so a second
     * dispatch of one of them (a redelivery beside a recovery's re-queue) finds it taken. A start
     * that does not commit lets go of them again: otherwise they would look worked on for good
     * and recovery would never take them back.
     */
    private void claimWork(List<String> jobIds) {
        if (jobIds.isEmpty()) {
            return;
        }
        node.beginWork(jobIds);
        transactions.registerInterposedSynchronization((AfterCompletion) status -> {
            if (status != Status.STATUS_COMMITTED) {
                node.endWork(jobIds);
            }
        });
    }

    private boolean startable(Job job) {
        return switch (job.getState()) {
            case STAGED, QUEUED -> true;
            case RUNNING -> node.id().equals(job.getNode()) && !node.isRunning(job.getNode(), job.getId());
            default -> false;
        };
    }

    /**
     * An operation that failed before its last attempt is tried again later, so that a passing
     * fault (a share that was away, a locked file) does not fail the job: an asynchronous job goes
     * back to QUEUED with a dispatch message delivered after a back-off ({@link Tunable#ATTEMPTS}
     * attempts, {@link Tunable#RETRY_BACK_OFF} doubling), a synchronous one back to STAGED for the next
     * scan. Joins the caller's transaction (a worker's delivery) or runs in its own. True when the
     * job will be tried again; false when its outcome stands.
     */
    @TransactionAttribute(TransactionAttributeType.REQUIRED)
    public boolean retryLater(RunRequest request, Outcome outcome) {
        return mayRetry(request, outcome) && retryLater(jobs.locked(request.jobId()).orElse(null), request, outcome);
    }

    private boolean mayRetry(RunRequest request, Outcome outcome) {
        return !outcome.succeeded() && outcome.retriable() && request.giveUpReason() == null && request.attempt() < attempts;
    }

    /** Tries the job, locked by the caller's transaction (null: gone), again later as {@link #retryLater} does. */
    private boolean retryLater(Job job, RunRequest request, Outcome outcome) {
        if (job == null || !job.isAt(request.attempt())) {
            return false;
        }
        Duration backOff = retryBackOff.multipliedBy(1L << (request.attempt() - 1));
        LOG.info(MessageId.OPERATION_RETRIED.format(request.jobId(), request.attempt(), attempts, backOff.toMillis(), outcome.reason()));
        if (request.endpoint().get(ASYNCHRONOUS)) {
            job.moveTo(JobState.QUEUED);
            dispatcher.dispatchLater(job, backOff);
        } else {
            job.moveTo(JobState.STAGED);
        }
        return true;
    }

    /**
     * Starts, runs and records a chunk of short jobs in one transaction, where {@link #startAll},
     * {@link #executeAll} and {@link JobCompletion#recordAndComplete} take two: the rows are locked
     * and changed in memory (RUNNING, one more attempt), the operations run, and the outcomes are
     * recorded and the successes' results written, all committed together, so each row is written
     * once. The jobs show QUEUED until that commit, their rows locked for the chunk's run (a
     * fraction of a second: {@link Chunks#isQuick}).
     * <p>
     * Nothing is left to repair if it does not commit: the jobs stay QUEUED at their attempt, and
     * the caller sends each of them again to be run the careful way, started and committed before
     * it runs, so that a job that kills its worker has its attempts counted. The attempt folders
     * such a run made are met by that careful start: one whose run finished is taken over, any
     * other is cleared ({@link StagedRun#run}). The caller is told which jobs started (its work
     * until it ends) and which are left WRITING for the result writers.
     */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public QuickRun runQuickly(List<String> jobIds) {
        // Each row is written once, at the commit: flushed before, it would be written as RUNNING and then as SUCCEEDED.
        jobs.writeAtCommit();
        List<Job> locked = jobs.locked(jobIds);
        Map<String, Job> byId = new HashMap<>();
        locked.forEach(job -> byId.put(job.getId(), job));
        List<RunRequest> started = start(locked);
        List<Outcome> ran = started.stream().map(this::execute).toList();
        List<Outcome> outcomes = new ArrayList<>();
        for (int i = 0; i < started.size(); i++) {
            RunRequest request = started.get(i);
            Outcome outcome = ran.get(i);
            if (!mayRetry(request, outcome) || !retryLater(byId.get(request.jobId()), request, outcome)) {
                outcomes.add(outcome);
            }
        }
        List<String> startedIds = started.stream().map(RunRequest::jobId).toList();
        return new QuickRun(startedIds, completion.recordAndComplete(locked, outcomes));
    }

    /** What {@link #runQuickly} did: the jobs it started, and those of them left WRITING for the result writers. */
    public record QuickRun(List<String> started, List<String> leftWriting) {
    }

    /**
     * Runs a chunk's operations one after the other, as {@link #execute} runs one, in one call
     * into the container: called through the bean's proxy for each job, a chunk of small copies
     * spent a third as long in the container's call as in the copies themselves (Flight Recorder).
     */
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public List<Outcome> executeAll(List<RunRequest> requests) {
        return requests.stream().map(this::execute).toList();
    }

    /**
     * Runs the operation outside any transaction: it may take long, and its work is files.
     * A failure of the operation is an outcome, not an exception.
     */
    private Outcome execute(RunRequest request) {
        // The job stays this node's work until its outcome is recorded (JobWorker, EndpointScanner end it): a job
        // whose run is over but whose chunk is still running is not abandoned, and must not be started again.
        long started = System.nanoTime();
        try {
            return run(request);
        } finally {
            times.ran(request.endpoint().name(), Duration.ofNanos(System.nanoTime() - started));
        }
    }

    private Outcome run(RunRequest request) {
        if (request.giveUpReason() != null) {
            return Outcome.failure(request.jobId(), request.attempt(), request.giveUpReason(), null);
        }
        EndpointConfig endpoint = request.endpoint();
        String operationName = StagedRun.operationName(request);
        Optional<Operation> operation = operations.find(operationName);
        if (operation.isEmpty()) {
            return Outcome.failure(request.jobId(), request.attempt(), MessageId.OPERATION_FAILED.format(operationName, request.source(),
                    "no such operation is installed"), null);
        }
        try {
            return StagedRun.run(request, operation.get(), confinement);
        } catch (UnsafeFolderException e) {
            // Nothing more is done through the link: the job's files wait in stage until the folder is put right.
            endpoints.blockUnsafe(endpoint.name(), e);
            return Outcome.failure(request.jobId(), request.attempt(), e.getMessage(), null);
        } catch (OperationLimits.Exceeded e) {
            // Not tried again: another attempt would run as long or write as much, and leave another thread behind.
            String reason = MessageId.OPERATION_FAILED.format(operationName, request.source(), e.getMessage());
            LOG.warning(reason);
            return Outcome.finalFailure(request.jobId(), request.attempt(), reason);
        } catch (Exception e) {
            // Its stage folder was held open while it ran: the messages name the folder as it is, not as it was held.
            Path jobFolder = StageFolder.of(endpoint.folder(), request.jobId()).jobFolder();
            String reason = MessageId.OPERATION_FAILED.format(operationName, request.source(),
                    e.getMessage() == null ? e.getClass().getName() : HeldFolder.shown(e.getMessage(), jobFolder))
                    + (request.attempt() > 1 ? " (attempt " + request.attempt() + " of " + attempts + ")" : "");
            LOG.log(Level.INFO, reason, e);
            return Outcome.failure(request.jobId(), request.attempt(), reason, HeldFolder.shown(StackSummary.of(e), jobFolder));
        }
    }
}
