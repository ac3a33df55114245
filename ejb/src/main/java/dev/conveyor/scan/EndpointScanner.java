package dev.conveyor.scan;

import static dev.conveyor.endpoint.EndpointSettings.ASYNCHRONOUS;
import static dev.conveyor.endpoint.EndpointSettings.BATCH_SIZE;
import static dev.conveyor.endpoint.EndpointSettings.THROTTLE;
import static dev.conveyor.endpoint.EndpointSettings.WAIT;
import static dev.conveyor.endpoint.EndpointSettings.WAIT_TIME;

import dev.conveyor.common.MessageId;
import dev.conveyor.endpoint.Endpoint;
import dev.conveyor.endpoint.EndpointConfig;
import dev.conveyor.endpoint.FileSelection;
import dev.conveyor.files.Confinement;
import dev.conveyor.files.ReadOnlyFiles;
import dev.conveyor.files.SharedFolders;
import dev.conveyor.files.UnsafeFolderException;
import dev.conveyor.endpoint.WaitSpec;
import dev.conveyor.signal.WaitingRoom;
import dev.conveyor.endpoint.EndpointService;
import dev.conveyor.endpoint.EndpointState;
import dev.conveyor.flow.FlowControl;
import dev.conveyor.job.InputQueue;
import dev.conveyor.flow.QueueMonitor;
import dev.conveyor.job.Chunks;
import dev.conveyor.job.JobCompletion;
import dev.conveyor.job.JobDispatcher;
import dev.conveyor.job.JobRunner;
import dev.conveyor.job.JobService;
import dev.conveyor.job.JobState;
import dev.conveyor.job.JobTimes;
import dev.conveyor.job.Jobs;
import dev.conveyor.job.Outcome;
import dev.conveyor.job.RunRequest;
import dev.conveyor.job.UnsentDispatches;
import dev.conveyor.node.ThisNode;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One scan of one endpoint: pick the batch (oldest first, old enough, unchanged since the last
 * look, within the throttle's room and what its input queue has free: the rest waits in the
 * folder), claim the files and job folders as jobs, all in one transaction (a file that cannot be
 * moved is skipped, never holding back the others), then either queue the claimed jobs
 * (asynchronous endpoints) or run them here and now (synchronous ones).
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class EndpointScanner {

    private static final Logger LOG = Logger.getLogger(EndpointScanner.class.getName());

    @Inject
    EndpointService endpoints;

    @Inject
    JobService jobs;

    @Inject
    Jobs jobRows;

    @Inject
    JobDispatcher dispatcher;

    @Inject
    JobRunner runner;

    @Inject
    JobCompletion completion;

    @Inject
    JobTimes times;

    @Inject
    ThisNode node;

    @Inject
    WaitingRoom waitingRoom;

    @Inject
    FlowControl flow;

    @Inject
    QueueMonitor monitor;

    @Inject
    UnsentDispatches unsent;

    private final Confinement confinement = Confinement.ofAllowedRoots();

    /**
     * What a scan did: {@code claimedFullBatch}, as many claims as it had room for (a backlog: more
     * files may be waiting, and the next scan need not rest); {@code lookingNanos}, how long it
     * took before its claims (settings, counts, the listing and the looks), the part a scan spends
     * again whether or not it finds work.
     */
    public record Scanned(boolean claimedFullBatch, long lookingNanos) {
    }

    /**
     * Starts what an earlier scan left STAGED (a dispatch that failed, a crash between claim and
     * dispatch), then claims new files. {@code stillHeld} renews
     * the endpoint's lease; a synchronous endpoint asks it before each operation it runs, and
     * stops when the lease went to another node (the jobs left STAGED are that node's now).
     * {@code memory} is what this node's earlier scans of the endpoint saw: the oldest waiting
     * entries may come from what the last pass over the folder and the events since told, and a
     * {@code timerScan} passes over the folder as the safety net for what makes no event
     * ({@link OldestWaiting}). {@code endpoint} is as read when the scan began.
     */
    public Scanned scan(EndpointConfig endpoint, ScanMemory memory, boolean timerScan, BooleanSupplier stillHeld) throws IOException {
        long start = System.nanoTime();
        String endpointName = endpoint.name();
        if (endpoint.state() != EndpointState.ENABLED) {
            return new Scanned(false, System.nanoTime() - start);
        }
        try {
            // The watched folder and its stage folder, checked before either is listed or written.
            confinement.check(endpoint.folder().resolve(Endpoint.STAGE_FOLDER));
        } catch (UnsafeFolderException e) {
            endpoints.blockUnsafe(endpointName, e);
            return new Scanned(false, System.nanoTime() - start);
        }
        reportSharedFolders(endpoint, memory);
        List<String> toStart = new ArrayList<>(jobRows.inState(endpointName, JobState.STAGED));
        Map<String, Integer> toSend = new LinkedHashMap<>(unsent.take(endpointName));
        int wanted = JobCountLimit.room(endpoint.get(BATCH_SIZE), endpoint.get(THROTTLE), () -> jobRows.unfinished(endpointName));
        // Counted again only when the last count left less room than a batch or was at its threshold (LastCounts): a
        // claim counts under the endpoint's lock anyway.
        InputQueue queue = monitor.lastSeenWithRoomFor(endpointName, wanted).orElseGet(() -> flow.queue(endpoint));
        int room = queue.room(wanted);
        List<Path> batch = room == 0 || keepsOrderBehindWaitingJob(endpoint) ? List.of() : pick(endpoint, memory, room, timerScan);
        long looking = System.nanoTime() - start;
        // An empty batch makes no claim, so no transaction that locks the endpoint's row and writes at its commit: the
        // queue was looked at for the room already, counted and observed, or last seen above its threshold with room.
        int claimed = batch.isEmpty() ? 0 : claim(endpoint, memory, batch, toSend, toStart);
        send(endpointName, toSend);
        start(endpoint, toStart, stillHeld);
        return new Scanned(room > 0 && claimed == room, looking);
    }

    /** The oldest entries that may be taken now, at most {@code room} of them. */
    private static List<Path> pick(EndpointConfig endpoint, ScanMemory memory, int room, boolean timerScan) throws IOException {
        Instant oldEnough = Instant.now().minusMillis(endpoint.get(WAIT_TIME));
        // Looking at twice the room gives the next scan its first look already: a backlog then
        // moves a full batch per scan instead of one every other scan.
        List<Path> unchanged = memory.stability().unchangedSoon(
                () -> memory.waiting().oldest(endpoint.folder(), FileSelection.of(endpoint), 2 * room, 2 * endpoint.get(BATCH_SIZE), oldEnough,
                        timerScan));
        return unchanged.subList(0, Math.min(room, unchanged.size()));
    }

    /**
     * Claims the batch in one transaction; adds the jobs to dispatch to {@code toSend} and those to
     * run here to {@code toStart}, and finishes the read-only sources' jobs as refused. Returns how
     * many were claimed.
     */
    private int claim(EndpointConfig endpoint, ScanMemory memory, List<Path> batch, Map<String, Integer> toSend, List<String> toStart)
            throws IOException {
        Set<Path> readOnly = new HashSet<>();
        for (Path file : batch) {
            if (ReadOnlyFiles.isReadOnly(file)) {
                readOnly.add(file);
            }
        }
        JobService.Claims claims = jobs.claimAll(endpoint, batch);
        memory.waiting().taken(claims.jobIds().keySet());
        // Both looks, so that a queue that drained and filled again between two claims still counts as a crossing.
        monitor.observe(endpoint, claims.found());
        monitor.observe(endpoint, claims.queue());
        claims.jobIds().forEach((file, jobId) -> {
            if (readOnly.contains(file)) {
                finish(Outcome.refused(jobId, MessageId.READ_ONLY_SOURCE.format(file.getFileName())));
            } else if (claims.queued().containsKey(jobId)) {
                toSend.put(jobId, claims.queued().get(jobId));
            } else {
                toStart.add(jobId);
            }
        });
        return claims.jobIds().size();
    }

    /**
     * Warns of the folders on the way to the stage folder that let other users swap or change what
     * Conveyor keeps there ({@link SharedFolders}): once per node and endpoint, when its stage
     * folder exists (its permissions are the ones the first claim gave it), and again after the
     * endpoint's settings change. A folder that cannot be looked at is left to the scan's own checks.
     */
    private void reportSharedFolders(EndpointConfig endpoint, ScanMemory memory) {
        Path stage = endpoint.folder().resolve(Endpoint.STAGE_FOLDER);
        if (memory.permissionsLooked().get() || !Files.isDirectory(stage, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        memory.permissionsLooked().set(true);
        try {
            Optional<SharedFolders.Ids> conveyor = SharedFolders.Ids.ofThisProcess();
            if (conveyor.isEmpty()) {
                return;
            }
            for (SharedFolders.Finding finding : SharedFolders.of(confinement, stage, conveyor.get())) {
                LOG.warning(MessageId.FOLDER_SHARED.format(finding.folder(), endpoint.name(), finding.octalMode(), finding.risk()));
            }
        } catch (IOException unreadable) {
            LOG.log(Level.FINE, "permissions of " + stage + " not read", unreadable);
        }
    }

    /** Sends the dispatch of jobs claimed QUEUED; what cannot be sent now is kept for the next scan. */
    private void send(String endpointName, Map<String, Integer> toSend) {
        if (toSend.isEmpty()) {
            return;
        }
        try {
            dispatcher.sendClaimed(endpointName, toSend);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, MessageId.DISPATCH_NOT_SENT.format(toSend.size(), e), e);
            unsent.keep(endpointName, toSend);
        }
    }

    /** waitMode keep: while one of the endpoint's jobs waits, nothing newer is taken. */
    private boolean keepsOrderBehindWaitingJob(EndpointConfig endpoint) {
        return endpoint.get(WAIT).map(WaitSpec::keepOrder).orElse(false) && jobRows.waiting(endpoint.name()) > 0;
    }

    private void start(EndpointConfig endpoint, List<String> claimed, BooleanSupplier stillHeld) {
        List<String> jobIds = claimed;
        if (!jobIds.isEmpty() && endpoint.get(WAIT).isPresent()) {
            WaitingRoom.Parked parked = waitingRoom.park(endpoint, jobIds);
            parked.failed().forEach(completion::complete);
            jobIds = parked.ready();
        }
        if (jobIds.isEmpty()) {
            return;
        }
        if (!endpoint.get(ASYNCHRONOUS)) {
            runHere(endpoint, jobIds, stillHeld);
            return;
        }
        try {
            dispatcher.dispatch(jobIds);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, MessageId.DISPATCH_FAILED.format(jobIds.size(), e), e);
        }
    }

    /**
     * A synchronous endpoint runs its jobs here, a chunk at a time as a worker would: started
     * together, run one by one, then recorded together with the results of the successes written
     * in the same transaction, and the rest written after it. The lease is asked before each chunk.
     */
    private void runHere(EndpointConfig endpoint, List<String> jobIds, BooleanSupplier stillHeld) {
        int size = Chunks.size(times.mean(endpoint.name()), jobIds.size(), 1);
        for (List<String> chunk : Chunks.of(jobIds, size)) {
            if (!stillHeld.getAsBoolean()) {
                return;
            }
            List<Outcome> outcomes = new ArrayList<>();
            List<RunRequest> started = runner.startAll(chunk);
            try {
                List<Outcome> ran = runner.executeAll(started);
                for (int i = 0; i < started.size(); i++) {
                    Outcome outcome = ran.get(i);
                    // Only a failure that may end otherwise is looked at again: asking takes a transaction of its own.
                    if (!outcome.retriable() || !runner.retryLater(started.get(i), outcome)) {
                        outcomes.add(outcome);
                    }
                }
                if (!outcomes.isEmpty()) {
                    completion.completeAll(JobCompletion.recordWithSuccesses(completion, outcomes));
                }
            } finally {
                // Until their outcomes are recorded, the chunk's jobs are this node's work, not abandoned ones.
                node.endWork(started.stream().map(RunRequest::jobId).toList());
            }
        }
    }

    /** Records the outcome, then writes the results, each in its own transaction, without the queues. */
    private void finish(Outcome outcome) {
        if (completion.record(outcome)) {
            completion.complete(outcome.jobId());
        }
    }
}
