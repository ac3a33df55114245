package dev.conveyor.job;

import dev.conveyor.common.ConveyorException;
import dev.conveyor.common.MessageId;
import dev.conveyor.endpoint.Endpoint;
import dev.conveyor.endpoint.EndpointConfig;
import dev.conveyor.endpoint.EndpointService;
import dev.conveyor.endpoint.EndpointSettings;
import dev.conveyor.files.Confinement;
import dev.conveyor.files.ReadOnlyFiles;
import dev.conveyor.files.UnsafeFolderException;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;

/** Claiming files as jobs, and reading jobs back. */
@Stateless
public class JobService {

    private static final Logger LOG = Logger.getLogger(JobService.class.getName());

    @PersistenceContext
    EntityManager em;

    @Inject
    Jobs jobs;

    @Inject
    BucketRules priorities;

    @Inject
    EndpointService endpoints;

    private final Confinement confinement = Confinement.ofAllowedRoots();

    /**
     * Claims one file for an endpoint if its input queue has room, as {@link #claimAll} does for a
     * batch. A {@code submissionId} already claimed for this endpoint (a redelivered JMS
     * submission) gives that job back, claiming nothing.
     */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public Admission claim(EndpointConfig endpoint, Path file, Map<String, String> attributes, String submissionId) {
        return admit(endpoint, submissionId, rules -> {
            Optional<Job> job = stage(endpoint, file, attributes, submissionId, rules);
            job.ifPresent(jobs::add);
            return job;
        });
    }

    /**
     * Admits, as {@link #claim} does, an input Conveyor wrote itself into a stage folder made with
     * {@link StageFolder#createForCopy}: the job takes the folder's id and nothing is moved. When
     * the admission is anything but ACCEPTED the folder is the caller's to delete; if this
     * transaction never commits, recovery deletes it.
     */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public Admission admitCopy(EndpointConfig endpoint, StageFolder copy, String source, Map<String, String> attributes,
            String submissionId) {
        return admit(endpoint, submissionId, rules -> {
            Job job = JobFactory.create(endpoint, copy.jobId(), copy.input(source), attributes, submissionId, rules);
            jobs.add(job);
            return Optional.of(job);
        });
    }

    private Admission admit(EndpointConfig endpoint, String submissionId, Function<BucketRules.Placement, Optional<Job>> staging) {
        InputQueue queue = lockQueue(endpoint);
        Optional<String> earlier = jobs.submitted(endpoint.name(), submissionId);
        if (earlier.isPresent()) {
            return Admission.alreadyAccepted(earlier.get(), queue);
        }
        if (queue.isFull()) {
            return Admission.full(queue);
        }
        return staging.apply(priorities.current())
                .map(job -> Admission.accepted(job.getId(), queue.plus(1)))
                .orElseGet(() -> Admission.notClaimed(queue));
    }

    /**
     * The jobs {@link #adoptOrphans} made: {@code staged} for the endpoint's next scan, and
     * {@code refused}, read-only sources whose refusal is recorded (WRITING), for the caller to write.
     */
    public record Adopted(List<String> staged, List<String> refused) {
    }

    /**
     * Makes the jobs of claims that never committed: a crash between a claim's rename and its
     * commit left each file in {@code stage/<id>/in/} with no job row. {@code inputs}: the staged
     * file or job folder of each such folder, by the folder's name, which the job takes as its id,
     * as the claim would have. The jobs start STAGED, for the endpoint's next scan to queue or run;
     * the files never leave the stage folder, so no crash on the way can make two jobs of one file,
     * as returning them to the watched folder could. A read-only source is refused as its claim
     * would have refused it, in this same transaction, so no scan starts it meanwhile. Under the
     * endpoint's lock, as claims hold it until they commit: a claim of one of these ids that was
     * still committing has its row found here and keeps it. The input queue's bound is not asked
     * again: each file was counted by the claim that took it.
     */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public Adopted adoptOrphans(EndpointConfig endpoint, Map<String, Path> inputs) throws IOException {
        em.find(Endpoint.class, endpoint.name(), LockModeType.PESSIMISTIC_WRITE);
        Set<String> committed = jobs.standing(List.copyOf(inputs.keySet())).keySet();
        BucketRules.Placement rules = priorities.current();
        List<Job> made = new ArrayList<>();
        List<String> staged = new ArrayList<>();
        List<String> refused = new ArrayList<>();
        for (Map.Entry<String, Path> orphan : inputs.entrySet()) {
            if (committed.contains(orphan.getKey())) {
                continue;
            }
            Path input = orphan.getValue();
            Job job = JobFactory.create(endpoint, orphan.getKey(), input, Map.of(), null, rules);
            if (ReadOnlyFiles.isReadOnly(input)) {
                job.recordOutcome(false, MessageId.READ_ONLY_SOURCE.format(input.getFileName()), null);
                refused.add(job.getId());
            } else {
                staged.add(job.getId());
            }
            made.add(job);
        }
        jobs.addAll(made);
        return new Adopted(staged, refused);
    }

    /**
     * What a batch claim took, and the input queue as it found it (counted under the endpoint's
     * lock) and as it left it. {@code queued}: the jobs made QUEUED by the claim itself, with their
     * JMS priorities, whose dispatch is to be sent now.
     */
    public record Claims(Map<Path, String> jobIds, Map<String, Integer> queued, InputQueue found, InputQueue queue, boolean full) {
    }

    /**
     * Claims a scan's files, oldest first, in one transaction, as far as the endpoint's input
     * queue has room: each file is moved into its job's stage folder in one rename, and the job
     * rows of the files that moved are written together at the commit. The endpoint's row is
     * locked for the count, so concurrent claims (scans, submissions, other nodes) never overfill
     * the queue. A file another thread or node took first is not there any more: it is skipped.
     * A crash before the commit leaves moved files with no job row, which recovery returns to
     * the input folder.
     * <p>
     * The jobs of an asynchronous endpoint that does not make them wait are written QUEUED at
     * once: the row is the dispatch's outbox, and the caller sends the dispatch after the commit
     * (no transaction spans the database and the broker). A dispatch that is never sent (the
     * broker away, a crash right after the commit) is sent again by the next scan, or by the
     * recovery pass, which sends one for every job QUEUED 30 s that no message names.
     */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public Claims claimAll(EndpointConfig endpoint, List<Path> files) {
        InputQueue found = lockQueue(endpoint);
        InputQueue queue = found;
        Map<Path, String> claimed = new LinkedHashMap<>();
        Map<String, Integer> queued = new LinkedHashMap<>();
        List<Job> staged = new ArrayList<>();
        boolean queueAtOnce = endpoint.get(EndpointSettings.ASYNCHRONOUS) && endpoint.get(EndpointSettings.WAIT).isEmpty();
        BucketRules.Placement rules = priorities.current();
        boolean full = false;
        for (Path file : files) {
            if (queue.isFull()) {
                full = true;
                break;
            }
            Optional<Job> job = stage(endpoint, file, Map.of(), null, rules);
            if (job.isPresent()) {
                staged.add(job.get());
                claimed.put(file, job.get().getId());
                if (queueAtOnce) {
                    job.get().moveTo(JobState.QUEUED);
                    queued.put(job.get().getId(), job.get().getJmsPriority());
                }
                queue = queue.plus(1);
            }
        }
        jobs.addAll(staged);
        return new Claims(claimed, queued, found, queue, full);
    }

    /** Locks the endpoint's row and counts its input queue. */
    private InputQueue lockQueue(EndpointConfig endpoint) {
        em.find(Endpoint.class, endpoint.name(), LockModeType.PESSIMISTIC_WRITE);
        return InputQueue.of(endpoint, jobs.notYetRunning(endpoint.name()));
    }

    /**
     * Moves the file into a new job's stage folder (made and checked on the way, see
     * {@link StageFolder#create}) and makes its job, for the caller to persist; empty when the
     * file could not be moved (gone, or taken by another claimer). A source that is a symbolic
     * link is never taken, and a link where a folder of Conveyor's should be blocks the endpoint.
     */
    private Optional<Job> stage(EndpointConfig endpoint, Path file, Map<String, String> attributes, String submissionId,
            BucketRules.Placement rules) {
        Job job = JobFactory.create(endpoint, JobIds.next(), file, attributes, submissionId, rules);
        StageFolder stage = StageFolder.of(endpoint.folder(), job.getId());
        try {
            stage.claim(confinement, file);
        } catch (UnsafeFolderException e) {
            LOG.log(Level.WARNING, MessageId.CLAIM_FAILED.format(file, endpoint.name(), e.getMessage()));
            if (!e.path().equals(file)) {
                endpoints.blockUnsafe(endpoint.name(), e);
            }
            return Optional.empty();
        } catch (IOException e) {
            // An empty stage folder may stay behind: recovery clears stage folders that have no job.
            LOG.log(Level.WARNING, MessageId.CLAIM_FAILED.format(file, endpoint.name(), e));
            return Optional.empty();
        }
        return Optional.of(job);
    }

    /** Marks jobs whose results the purge dealt with, so it does not look at them again. */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public void markResultsPurged(List<String> jobIds, Instant at) {
        jobIds.forEach(jobId -> jobs.find(jobId).ifPresent(job -> job.markResultsPurged(at)));
    }

    /** Deletes a page of the endpoint's old finished jobs, as {@link Jobs#deleteFinished} says, in a transaction of its own. */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public int deleteFinished(String endpoint, Instant finishedBefore, boolean resultsPurged, int limit) {
        return jobs.deleteFinished(endpoint, finishedBefore, resultsPurged, limit);
    }

    public JobView get(String id) {
        return JobView.of(jobs.find(id).orElseThrow(() -> new ConveyorException(MessageId.JOB_NOT_FOUND, id)));
    }

    /** Newest first; either filter may be null. */
    public List<JobView> list(String endpoint, JobState state, int limit) {
        return page(new JobFilter(endpoint, state, null, null), 0, limit).jobs();
    }

    /**
     * Page {@code page} (from 0) of {@code limit} jobs, newest first. One more row than the page is
     * read to tell whether another page follows, so no count of the whole filter is needed.
     */
    public JobPage page(JobFilter filter, int page, int limit) {
        List<Job> rows = jobs.listed(filter, page, limit);
        boolean hasMore = rows.size() > limit;
        return new JobPage(rows.stream().limit(limit).map(JobView::of).toList(), page, limit, hasMore);
    }

    /**
     * The text of the job's failure.log or expired.log, read from where the job's results say it
     * went; empty when the job has none (it did not fail, or the log was removed since). A link or
     * any other file put in the log's place is refused with CNV-1019-E and not read.
     */
    public Optional<String> endLog(String id) {
        JobView job = get(id);
        Optional<Path> watched = endpointFolder(job.endpoint());
        if (watched.isEmpty()) {
            return Optional.empty();
        }
        try {
            return EndLog.read(confinement, watched.get(), job.results());
        } catch (UnsafeFolderException e) {
            LOG.warning(e.getMessage());
            throw new ConveyorException(MessageId.JOB_LOG_UNSAFE, id, e.getMessage());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Optional<Path> endpointFolder(String endpoint) {
        Endpoint row = em.find(Endpoint.class, endpoint);
        return row == null ? Optional.empty() : Optional.of(row.folder().normalize());
    }
}
