package dev.conveyor.job;

import dev.conveyor.common.MessageId;
import dev.conveyor.common.Tunable;
import dev.conveyor.endpoint.Endpoint;
import dev.conveyor.endpoint.EndpointConfig;
import dev.conveyor.endpoint.EndpointService;
import dev.conveyor.files.Confinement;
import dev.conveyor.files.UnsafeFolderException;
import dev.conveyor.node.ThisNode;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.BiPredicate;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;

/**
 * The recovery pass: what a crash can leave behind, put back on its way. It re-queues jobs whose
 * worker's node died or whose delivery this node lost (those its own previous start left at once,
 * a chunk of them per transaction), re-sends the dispatch of jobs queued for
 * half a minute whose message is not on the queue and the callback of jobs whose result writing was interrupted, makes
 * the jobs of files left in stage by a claim that never committed, and clears the stage
 * folders of finished jobs (and the spares kept for claims that went unused: {@link SpareStageFolders#trim}). Each repair (a chunk of re-queues) is its own transaction; running the pass twice is harmless.
 * <p>
 * It moves and deletes only what it can prove it made: the stage folder must pass the
 * {@link Confinement} check (a link there blocks the endpoint and nothing is touched), a job
 * folder must be a real folder holding the marker a claim writes ({@link StageFolder#MARKER}), and
 * the database decides what becomes of it: no job row (a claim that never committed) gets its job
 * made now, the file staying where it is ({@link JobService#adoptOrphans}), unless it is a copy
 * Conveyor wrote whose original its sender still holds ({@link StageFolder#COPY_MARKER}), which
 * goes; a finished job's folder goes. Anything else is left alone.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class Recovery {

    private static final Logger LOG = Logger.getLogger(Recovery.class.getName());

    /** A claim commits within milliseconds; a stage folder without a job row for this long is an orphan. */
    private final Duration orphanGrace = Tunable.RECOVERY_ORPHAN_GRACE.value();
    /**
     * A RUNNING job is looked at once it has been so for this long (the jobs this node's previous
     * start left, at once: {@link Unattended}).
     */
    private final Duration runningUnattended = Tunable.RECOVERY_RUNNING_UNATTENDED.value();
    /** A job WRITING for this long lost its callback (or the callback keeps failing and went to the DLQ). */
    private final Duration writingStale = Tunable.RECOVERY_WRITING_STALE.value();
    /**
     * A job QUEUED for this long (or since before this start: {@link Unattended#queuedBefore}) whose id is in no message on the dispatch queue lost its message
     * (a dispatch whose broker side was in doubt after a crash, a dead-lettered message): it gets
     * another. A worker starts a queued job within moments of taking its message, so a job that is
     * QUEUED this long is on the queue unless its message is gone; a second message is harmless
     * (the start finds the job RUNNING and skips it). Short enough that a job whose dispatch a crash
     * left in doubt is done within a minute of the restart.
     */
    private final Duration queuedStale = Tunable.RECOVERY_QUEUED_STALE.value();

    /** Jobs of orphaned claims made in one transaction: one query's list of ids. */
    private static final int ADOPTED_PER_TRANSACTION = 500;

    /** What one pass repaired. */
    public record Report(int requeued, int dispatchesResent, int callbacksResent, int orphansAdopted, int stageFoldersCleared) {

        public boolean isEmpty() {
            return requeued + dispatchesResent + callbacksResent + orphansAdopted + stageFoldersCleared == 0;
        }

        public String summary() {
            return "requeued " + requeued + " abandoned running jobs, resent " + dispatchesResent + " dispatches and "
                    + callbacksResent + " callbacks, made the jobs of " + orphansAdopted
                    + " files whose claim never committed, cleared " + stageFoldersCleared
                    + " stage folders of finished jobs, of copies no job took and of claims that moved nothing";
        }
    }

    @Inject
    Jobs jobs;

    @Inject
    JobDispatcher dispatcher;

    @Inject
    JobService claims;

    @Inject
    JobCompletion completion;

    @Inject
    EndpointService endpoints;

    @Inject
    ThisNode node;

    private final Confinement confinement = Confinement.ofAllowedRoots();

    public Report recover() throws IOException {
        Unattended unattended = new Unattended(Instant.now(), runningUnattended, writingStale, queuedStale, node.id(), node.startedAt());
        List<String> abandoned = jobs.changedBefore(JobState.RUNNING, unattended.changedBefore()).stream()
                .filter(unattended::running).map(Jobs.Changed::id).toList();
        BiPredicate<String, String> stillRunning = node.runningCheckForOnePass();
        int requeued = 0;
        for (List<String> chunk : Chunks.of(abandoned, JobDispatcher.REQUEUE_CHUNK)) {
            requeued += dispatcher.requeueAbandoned(chunk, stillRunning);
        }
        List<String> stuckQueued = new ArrayList<>(jobIds(JobState.QUEUED, unattended.queuedBefore()));
        if (!stuckQueued.isEmpty()) {
            stuckQueued.removeAll(dispatcher.queuedIds());
        }
        for (List<String> chunk : Chunks.of(stuckQueued, JobDispatcher.REQUEUE_CHUNK)) {
            dispatcher.resendDispatches(chunk);
        }
        List<String> stuckWriting = writingLeft(unattended);
        dispatcher.resendCallbacks(stuckWriting);
        int[] stage = {0, 0};
        for (EndpointConfig endpoint : endpoints.configs()) {
            repairStage(endpoint, stage);
        }
        return new Report(requeued, stuckQueued.size(), stuckWriting.size(), stage[0], stage[1]);
    }

    /** WRITING jobs nobody will finish writing ({@link Unattended#writingLeft}). */
    private List<String> writingLeft(Unattended unattended) {
        List<Jobs.Changed> rows = jobs.changedBefore(JobState.WRITING, unattended.changedBefore());
        // A node's heartbeat is read once a pass, however many of its jobs are WRITING (a blocked endpoint may hold thousands).
        Map<String, Boolean> alive = new HashMap<>();
        return rows.stream().filter(row -> unattended.writingLeft(row, nodeId -> alive.computeIfAbsent(nodeId, node::isAlive)))
                .map(Jobs.Changed::id).toList();
    }

    private List<String> jobIds(JobState state, Instant changedBefore) {
        return jobs.changedBefore(state, changedBefore).stream().map(Jobs.Changed::id).toList();
    }

    /** counts[0]: jobs made of orphaned claims; counts[1]: stage folders cleared. */
    private void repairStage(EndpointConfig endpoint, int[] counts) throws IOException {
        Path stage = endpoint.folder().resolve(Endpoint.STAGE_FOLDER);
        try {
            confinement.check(stage);
        } catch (UnsafeFolderException e) {
            endpoints.blockUnsafe(endpoint.name(), e);
            return;
        }
        if (!Files.isDirectory(stage, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        List<Path> entries;
        try (Stream<Path> listed = Files.list(stage)) {
            entries = listed.toList();
        }
        Map<String, Path> orphans = new LinkedHashMap<>();
        repairEntries(endpoint, entries, jobs::standing, Instant.now().minus(orphanGrace),
                unsafe -> endpoints.blockUnsafe(endpoint.name(), unsafe), orphans::put, counts);
        counts[0] += adopt(endpoint, orphans);
        SpareStageFolders.trim(stage, Instant.now().minus(SpareStageFolders.IDLE));
    }

    /**
     * Makes the jobs of the endpoint's orphaned claims ({@code orphans}: each input by its folder's
     * id), a list of ids a transaction, and writes the refusals of read-only sources among them
     * (their source to the failure folder, with the reason), as a scan does. Returns how many jobs
     * were made.
     */
    private int adopt(EndpointConfig endpoint, Map<String, Path> orphans) throws IOException {
        int made = 0;
        for (List<String> ids : Chunks.of(List.copyOf(orphans.keySet()), ADOPTED_PER_TRANSACTION)) {
            Map<String, Path> inputs = new LinkedHashMap<>();
            ids.forEach(id -> inputs.put(id, orphans.get(id)));
            JobService.Adopted adopted = claims.adoptOrphans(endpoint, inputs);
            adopted.refused().forEach(completion::complete);
            made += adopted.staged().size() + adopted.refused().size();
        }
        return made;
    }

    /**
     * The stage folder's {@code entries}, as listed. Each is looked at once first: every repair
     * waits for the entry to be older than {@code orphanedBefore} (a folder changes when its job
     * starts an attempt or publishes), so only those unchanged since are looked at further and
     * their jobs asked of {@code standing} (the rows of the ids given). A busy endpoint's stage
     * holds as many folders as it has jobs in flight, nearly all changed lately: each cost about
     * seven system calls and a row of a query per pass before, one call now. A link among the entries is
     * reported whatever its age ({@code unsafe}). A busy endpoint removes the folders of the jobs
     * it finishes while the pass goes through the list: an entry gone since is skipped, where its
     * NoSuchFileException would end the pass and leave the orphans after it (a dead node's among
     * them) for a pass that meets no finishing job, perhaps not before the backlog is done.
     * {@code orphaned}: told of each claim that never committed, by its folder's id, with the file
     * or job folder it staged, for its job to be made.
     */
    static void repairEntries(EndpointConfig endpoint, List<Path> entries, Function<List<String>, Map<String, Jobs.Standing>> standing,
                              Instant orphanedBefore, Consumer<UnsafeFolderException> unsafe, BiConsumer<String, Path> orphaned,
                              int[] counts) throws IOException {
        List<Path> unchanged = new ArrayList<>();
        for (Path entry : entries) {
            BasicFileAttributes look = ResultFiles.lookAt(entry);
            if (look != null && !reportedAsLink(entry, look, unsafe) && !entry.getFileName().toString().equals(SpareStageFolders.FOLDER)
                    && look.lastModifiedTime().toInstant().isBefore(orphanedBefore)) {
                // The emptied folders kept for claims are trimmed by their own rule.
                unchanged.add(entry);
            }
        }
        Map<String, Jobs.Standing> found = unchanged.isEmpty() ? Map.of()
                : standing.apply(unchanged.stream().map(entry -> entry.getFileName().toString()).toList());
        for (Path entry : unchanged) {
            try {
                repairEntry(endpoint, entry, found.get(entry.getFileName().toString()), orphanedBefore, unsafe, orphaned, counts);
            } catch (NoSuchFileException gone) {
                if (Files.exists(entry, LinkOption.NOFOLLOW_LINKS)) {
                    // Something inside it is missing, not the entry: not the race above.
                    throw gone;
                }
            }
        }
    }

    private static void repairEntry(EndpointConfig endpoint, Path entry, Jobs.Standing job, Instant orphanedBefore,
                                    Consumer<UnsafeFolderException> unsafe, BiConsumer<String, Path> orphaned, int[] counts)
            throws IOException {
        // Looked at again after its job's row was read, as every decision below needs; swapped for a link since the
        // first look, it is not followed.
        BasicFileAttributes look = ResultFiles.lookAt(entry);
        if (look == null || reportedAsLink(entry, look, unsafe)) {
            return;
        }
        boolean changedBefore = look.lastModifiedTime().toInstant().isBefore(orphanedBefore);
        if (!look.isDirectory()) {
            if (changedBefore && StageFolder.isEventsMark(entry)) {
                // A scan's catch-up mark whose delete a crash cut short.
                Files.deleteIfExists(entry);
            }
            return;
        }
        if (!StageFolder.isMarked(entry)) {
            leaveOrRemoveUnfinished(entry, changedBefore);
            return;
        }
        // Old when neither the folder (an attempt begun, results published) nor its claim changed since the cutoff.
        boolean old = changedBefore && StageFolder.claimedAt(entry).isBefore(orphanedBefore);
        StageFolder folder = new StageFolder(entry);
        if (job == null && old) {
            settleOrphan(folder, orphaned, counts);
        } else if (job != null && old && job.endpoint().equals(endpoint.name()) && job.state().isFinished()) {
            // Only once it is old: a job that just finished has its folder removed by its own writer, right after the commit.
            folder.delete();
            counts[1]++;
        }
    }

    /** True when {@code look} shows a link, which {@code unsafe} is told of (never followed). */
    private static boolean reportedAsLink(Path entry, BasicFileAttributes look, Consumer<UnsafeFolderException> unsafe) throws IOException {
        if (!look.isSymbolicLink()) {
            return false;
        }
        try {
            Confinement.requireNoLink(entry);
        } catch (UnsafeFolderException e) {
            unsafe.accept(e);
        }
        return true;
    }

    /**
     * A marked folder that no job row names, older than a claim takes to commit. A copy Conveyor
     * wrote goes: its sender still holds the original and sends it again. The one file or job
     * folder a claim moved into {@code in/} gets its job ({@code orphaned}); it is not returned to
     * the watched folder, because a return takes two steps (a link there, the staged name's
     * removal) and a crash between them left the file under both names: the next life's scan
     * claimed the returned name, the next pass returned the staged one again, and one file made
     * two jobs. A folder whose claim moved nothing into it goes. Any other shape is none Conveyor
     * makes (a name that is no job id, several entries in {@code in/}, a symbolic link there, which
     * a claim never takes and an operation would read through): it is left alone.
     */
    private static void settleOrphan(StageFolder folder, BiConsumer<String, Path> orphaned, int[] counts) throws IOException {
        List<Path> inputs = folder.holdsCopy() ? List.of() : folder.inputs();
        if (inputs.isEmpty()) {
            folder.delete();
            counts[1]++;
        } else if (inputs.size() == 1 && JobIds.isJobId(folder.jobId()) && !Files.isSymbolicLink(inputs.get(0))) {
            orphaned.accept(folder.jobId(), inputs.get(0));
        } else {
            LOG.log(Level.FINE, () -> MessageId.STAGE_ENTRY_LEFT.format(folder.jobFolder(),
                    "a claim leaves one entry, no link, in the in folder of a folder named by a job id; this one is " + folder.jobId()
                            + " with " + inputs));
        }
    }

    /**
     * A folder without a marker is not Conveyor's, except what a crash left between making a
     * job's folder and writing its marker (see {@link StageFolder#isUnfinishedMaking}): that one
     * goes, anything else stays.
     */
    private static void leaveOrRemoveUnfinished(Path folder, boolean old) throws IOException {
        if (old && StageFolder.isUnfinishedMaking(folder)) {
            new StageFolder(folder).delete();
            return;
        }
        LOG.log(Level.FINE, () -> MessageId.STAGE_ENTRY_LEFT.format(folder, "it holds no " + StageFolder.MARKER + " naming it"));
    }
}
