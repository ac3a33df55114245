package dev.conveyor.job;

import dev.conveyor.endpoint.Endpoint;
import dev.conveyor.endpoint.EndpointConfig;
import dev.conveyor.endpoint.EndpointService;
import dev.conveyor.node.ThisNode;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The recovery pass: what a crash can leave behind, put back on its way. It re-queues jobs whose
 * worker's node died or whose delivery this node lost, re-sends the dispatch of jobs queued for
 * two minutes whose message is not on the queue and the callback of jobs whose result writing was interrupted, returns
 * files left in stage by a claim that never committed to the input folder, and clears the stage
 * folders of finished jobs. Each repair is its own transaction; running the pass twice is harmless.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class Recovery {

    /** A claim commits within milliseconds; a stage folder without a job row for this long is an orphan. */
    static final Duration ORPHAN_GRACE = Duration.ofSeconds(30);
    /** A RUNNING job is looked at once it has been so for this long: a start commits just before its worker begins. */
    static final Duration RUNNING_UNATTENDED = Duration.ofSeconds(30);
    /** A job WRITING for this long lost its callback (or the callback keeps failing and went to the DLQ). */
    static final Duration WRITING_STALE = Duration.ofMinutes(2);
    /**
     * A job QUEUED for this long whose id is in no message on the dispatch queue lost its message
     * (a dispatch whose broker side was in doubt after a crash, a dead-lettered message): it gets
     * another. A worker starts a queued job within moments of taking its message, so a job that is
     * QUEUED this long is on the queue unless its message is gone; a second message is harmless.
     */
    static final Duration QUEUED_STALE = Duration.ofMinutes(2);

    /** What one pass repaired. */
    public record Report(int requeued, int dispatchesResent, int callbacksResent, int orphansReturned, int stageFoldersCleared) {

        public boolean isEmpty() {
            return requeued + dispatchesResent + callbacksResent + orphansReturned + stageFoldersCleared == 0;
        }

        public String summary() {
            return "requeued " + requeued + " abandoned running jobs, resent " + dispatchesResent + " dispatches and "
                    + callbacksResent + " callbacks, returned "
                    + orphansReturned + " orphaned stage files to their input folders, cleared " + stageFoldersCleared
                    + " stage folders of finished jobs";
        }
    }

    @PersistenceContext
    EntityManager em;

    @Inject
    JobDispatcher dispatcher;

    @Inject
    EndpointService endpoints;

    @Inject
    ThisNode node;

    public Report recover() throws IOException {
        int requeued = 0;
        for (String jobId : jobIds(JobState.RUNNING, Instant.now().minus(RUNNING_UNATTENDED))) {
            if (dispatcher.requeueIfAbandoned(jobId, node::isRunning)) {
                requeued++;
            }
        }
        List<String> stuckQueued = new ArrayList<>(jobIds(JobState.QUEUED, Instant.now().minus(QUEUED_STALE)));
        if (!stuckQueued.isEmpty()) {
            stuckQueued.removeAll(dispatcher.queuedIds());
        }
        stuckQueued.forEach(dispatcher::resendDispatch);
        List<String> stuckWriting = jobIds(JobState.WRITING, Instant.now().minus(WRITING_STALE));
        stuckWriting.forEach(dispatcher::resendCallback);
        int[] stage = {0, 0};
        for (EndpointConfig endpoint : endpoints.configs()) {
            repairStage(endpoint, stage);
        }
        return new Report(requeued, stuckQueued.size(), stuckWriting.size(), stage[0], stage[1]);
    }

    private List<String> jobIds(JobState state, Instant changedBefore) {
        return em.createQuery("SELECT j.id FROM Job j WHERE j.state = :state AND j.changedAt < :before", String.class)
                .setParameter("state", state).setParameter("before", changedBefore).getResultList();
    }

    /** counts[0]: orphans returned; counts[1]: finished jobs' stage folders cleared. */
    private void repairStage(EndpointConfig endpoint, int[] counts) throws IOException {
        Path stage = endpoint.folder().resolve(Endpoint.STAGE_FOLDER);
        if (!Files.isDirectory(stage)) {
            return;
        }
        Instant orphanedBefore = Instant.now().minus(ORPHAN_GRACE);
        List<Path> jobFolders;
        try (Stream<Path> folders = Files.list(stage)) {
            jobFolders = folders.filter(Files::isDirectory).toList();
        }
        Map<String, JobState> states = states(jobFolders.stream().map(folder -> folder.getFileName().toString()).toList());
        for (Path jobFolder : jobFolders) {
            JobState state = states.get(jobFolder.getFileName().toString());
            if (state == null && Files.getLastModifiedTime(jobFolder).toInstant().isBefore(orphanedBefore)) {
                counts[0] += returnToInput(new StageFolder(jobFolder), endpoint.folder());
            } else if (state != null && state.isFinished()) {
                ResultFiles.deleteTree(jobFolder);
                counts[1]++;
            }
        }
    }

    /** The states of the jobs of these ids that exist, read in as few queries as the list needs (a stage may hold thousands). */
    private Map<String, JobState> states(List<String> jobIds) {
        Map<String, JobState> states = new HashMap<>();
        for (int from = 0; from < jobIds.size(); from += JobService.IDS_PER_QUERY) {
            em.createQuery("SELECT j.id, j.state FROM Job j WHERE j.id IN :ids", Object[].class)
                    .setParameter("ids", jobIds.subList(from, Math.min(jobIds.size(), from + JobService.IDS_PER_QUERY)))
                    .getResultList().forEach(row -> states.put((String) row[0], (JobState) row[1]));
        }
        return states;
    }

    private static int returnToInput(StageFolder orphan, Path input) throws IOException {
        int returned = 0;
        Path in = orphan.jobFolder().resolve("in");
        if (Files.isDirectory(in)) {
            try (Stream<Path> entries = Files.list(in)) {
                for (Path entry : entries.toList()) {
                    ResultFiles.moveInto(entry, input, entry.getFileName().toString(), false);
                    returned++;
                }
            }
        }
        ResultFiles.deleteTree(orphan.jobFolder());
        return returned;
    }
}
