package dev.conveyor.job;

import dev.conveyor.common.ConveyorException;
import dev.conveyor.common.MessageId;
import dev.conveyor.endpoint.Endpoint;
import dev.conveyor.endpoint.EndpointConfig;
import dev.conveyor.endpoint.EndpointSettings;
import dev.conveyor.priority.PriorityRules;
import dev.conveyor.flow.Admission;
import dev.conveyor.flow.InputQueue;
import jakarta.annotation.Resource;
import jakarta.ejb.SessionContext;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.TypedQuery;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

/** Claiming files as jobs, and reading jobs back. */
@Stateless
public class JobService {

    private static final Logger LOG = Logger.getLogger(JobService.class.getName());

    @PersistenceContext
    EntityManager em;

    @Resource
    SessionContext session;

    @Inject
    PriorityRules priorities;

    /**
     * Claims one file for an endpoint if its input queue has room: the job row is written first,
     * then the file is moved into the job's stage folder in one rename, and both commit together.
     * The endpoint's row is locked for the count, so concurrent claims (scans, submissions, other
     * nodes) never overfill the queue. A file another thread or node took first is simply not
     * there any more: the claim is dropped and nothing changes. A {@code submissionId} already
     * claimed for this endpoint (a redelivered JMS submission) gives that job back, claiming nothing.
     */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public Admission claim(EndpointConfig endpoint, Path file, Map<String, String> attributes, String submissionId) {
        em.find(Endpoint.class, endpoint.name(), LockModeType.PESSIMISTIC_WRITE);
        InputQueue queue = InputQueue.of(endpoint, notYetRunning(endpoint.name()));
        Optional<String> earlier = submitted(endpoint.name(), submissionId);
        if (earlier.isPresent()) {
            return Admission.alreadyAccepted(earlier.get(), queue);
        }
        if (queue.isFull()) {
            return Admission.full(queue);
        }
        String source = file.getFileName().toString();
        String userName = endpoint.get(EndpointSettings.USER_NAME);
        Job job = new Job(UUID.randomUUID().toString(), endpoint.name(), source, userName,
                endpoint.get(EndpointSettings.DOMAIN_NAME), Instant.now());
        job.putAttributes(JobAttributes.of(job.getId(), endpoint.name(), source, sizeOf(file), userName));
        job.putAttributes(attributes);
        job.assignBucket(priorities.bucketFor(job.getAttributes()));
        job.setSubmissionId(submissionId);
        em.persist(job);
        em.flush();
        Path staged = StageFolder.of(endpoint.folder(), job.getId()).input(source);
        try {
            Files.createDirectories(staged.getParent());
            Files.move(file, staged, StandardCopyOption.ATOMIC_MOVE);
            return Admission.accepted(job.getId(), queue.plus(1));
        } catch (IOException e) {
            LOG.log(Level.WARNING, MessageId.CLAIM_FAILED.format(file, endpoint.name(), e));
            session.setRollbackOnly();
            return Admission.notClaimed(queue);
        }
    }

    /** The job an earlier delivery of this submission made, if any. */
    public Optional<String> submitted(String endpoint, String submissionId) {
        if (submissionId == null) {
            return Optional.empty();
        }
        return em.createQuery("SELECT j.id FROM Job j WHERE j.endpoint = :endpoint AND j.submissionId = :id", String.class)
                .setParameter("endpoint", endpoint).setParameter("id", submissionId).getResultStream().findFirst();
    }

    /** A file's size, or the total of a job folder's files; 0 when it cannot be read (the claim then tells why). */
    private static long sizeOf(Path file) {
        try (var files = Files.walk(file)) {
            return files.filter(Files::isRegularFile).mapToLong(regular -> regular.toFile().length()).sum();
        } catch (IOException | UncheckedIOException e) {
            return 0;
        }
    }

    /** How many of the endpoint's jobs are accepted and not yet running: its input queue's length. */
    public int notYetRunning(String endpoint) {
        return countIn(endpoint, JobState.NOT_YET_RUNNING);
    }

    /** Ids of the endpoint's jobs in a state, oldest first. */
    public List<String> inState(String endpoint, JobState state) {
        return em.createQuery("SELECT j.id FROM Job j WHERE j.endpoint = :endpoint AND j.state = :state ORDER BY j.createdAt",
                        String.class)
                .setParameter("endpoint", endpoint)
                .setParameter("state", state)
                .getResultList();
    }

    /** How many of the endpoint's jobs are claimed and not finished: the jobs in progress that throttle counts. */
    public int unfinished(String endpoint) {
        return countIn(endpoint, JobState.UNFINISHED);
    }

    private int countIn(String endpoint, Set<JobState> states) {
        return em.createQuery("SELECT COUNT(j) FROM Job j WHERE j.endpoint = :endpoint AND j.state IN :states", Long.class)
                .setParameter("endpoint", endpoint)
                .setParameter("states", states)
                .getSingleResult().intValue();
    }

    /** How many of the endpoint's jobs wait for release signals. */
    public int waiting(String endpoint) {
        return countIn(endpoint, Set.of(JobState.WAITING));
    }

    public JobView get(String id) {
        Job job = em.find(Job.class, id);
        if (job == null) {
            throw new ConveyorException(MessageId.JOB_NOT_FOUND, id);
        }
        return JobView.of(job);
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
        TypedQuery<Job> query = em.createQuery(filter.jpql(), Job.class);
        filter.parameters().forEach(query::setParameter);
        List<Job> rows = query.setFirstResult(page * limit).setMaxResults(limit + 1).getResultList();
        boolean hasMore = rows.size() > limit;
        return new JobPage(rows.stream().limit(limit).map(JobView::of).toList(), page, limit, hasMore);
    }

    /**
     * The text of the job's failure.log or expired.log, read from where the job's results say it
     * went; empty when the job has none (it did not fail, or the log was removed since).
     */
    public Optional<String> endLog(String id) {
        JobView job = get(id);
        Optional<Path> watched = endpointFolder(job.endpoint());
        if (watched.isEmpty()) {
            return Optional.empty();
        }
        for (String result : job.results()) {
            Path log = watched.get().resolve(result).normalize();
            String name = log.getFileName().toString();
            boolean isLog = name.equals(ResultPublisher.FAILURE_LOG) || name.equals(ResultPublisher.EXPIRED_LOG);
            if (isLog && log.startsWith(watched.get()) && Files.isRegularFile(log)) {
                try {
                    return Optional.of(Files.readString(log));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        return Optional.empty();
    }

    private Optional<Path> endpointFolder(String endpoint) {
        Endpoint row = em.find(Endpoint.class, endpoint);
        return row == null ? Optional.empty() : Optional.of(row.folder().normalize());
    }
}
