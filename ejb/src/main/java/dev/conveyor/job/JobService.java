package dev.conveyor.job;

import dev.conveyor.common.ConveyorException;
import dev.conveyor.common.MessageId;
import dev.conveyor.endpoint.EndpointConfig;
import dev.conveyor.endpoint.EndpointSettings;
import dev.conveyor.priority.PriorityRules;
import jakarta.annotation.Resource;
import jakarta.ejb.SessionContext;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
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
     * Claims one file for an endpoint: the job row is written first, then the file is moved into
     * the job's stage folder in one rename, and both commit together. A file another thread or
     * node took first is simply not there any more: the claim is dropped and nothing changes.
     */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public Optional<String> claim(EndpointConfig endpoint, Path file) {
        return claim(endpoint, file, Map.of());
    }

    /** Claims a file as {@link #claim(EndpointConfig, Path)} does, adding {@code attributes} to the job's own. */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public Optional<String> claim(EndpointConfig endpoint, Path file, Map<String, String> attributes) {
        String source = file.getFileName().toString();
        String userName = endpoint.get(EndpointSettings.USER_NAME);
        Job job = new Job(UUID.randomUUID().toString(), endpoint.name(), source, userName,
                endpoint.get(EndpointSettings.DOMAIN_NAME), Instant.now());
        job.putAttributes(JobAttributes.of(job.getId(), endpoint.name(), source, sizeOf(file), userName));
        job.putAttributes(attributes);
        job.assignBucket(priorities.bucketFor(job.getAttributes()));
        em.persist(job);
        em.flush();
        Path staged = StageFolder.of(endpoint.folder(), job.getId()).input(source);
        try {
            Files.createDirectories(staged.getParent());
            Files.move(file, staged, StandardCopyOption.ATOMIC_MOVE);
            return Optional.of(job.getId());
        } catch (IOException e) {
            LOG.log(Level.WARNING, MessageId.CLAIM_FAILED.format(file, endpoint.name(), e));
            session.setRollbackOnly();
            return Optional.empty();
        }
    }

    /** A file's size, or the total of a job folder's files; 0 when it cannot be read (the claim then tells why). */
    private static long sizeOf(Path file) {
        try (var files = Files.walk(file)) {
            return files.filter(Files::isRegularFile).mapToLong(regular -> regular.toFile().length()).sum();
        } catch (IOException | UncheckedIOException e) {
            return 0;
        }
    }

    /** Ids of the endpoint's jobs that are claimed but not yet queued or run, oldest first. */
    public List<String> staged(String endpoint) {
        return em.createQuery("SELECT j.id FROM Job j WHERE j.endpoint = :endpoint AND j.state = :state ORDER BY j.createdAt",
                        String.class)
                .setParameter("endpoint", endpoint)
                .setParameter("state", JobState.STAGED)
                .getResultList();
    }

    /** How many of the endpoint's jobs are claimed and not finished: the jobs in progress that throttle counts. */
    public int unfinished(String endpoint) {
        return em.createQuery("SELECT COUNT(j) FROM Job j WHERE j.endpoint = :endpoint AND j.state IN :states", Long.class)
                .setParameter("endpoint", endpoint)
                .setParameter("states", JobState.UNFINISHED)
                .getSingleResult().intValue();
    }

    /** How many of the endpoint's jobs wait for release signals. */
    public long waiting(String endpoint) {
        return em.createQuery("SELECT COUNT(j) FROM Job j WHERE j.endpoint = :endpoint AND j.state = :state", Long.class)
                .setParameter("endpoint", endpoint).setParameter("state", JobState.WAITING).getSingleResult();
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
        StringBuilder jpql = new StringBuilder("SELECT j FROM Job j WHERE 1 = 1");
        if (endpoint != null) {
            jpql.append(" AND j.endpoint = :endpoint");
        }
        if (state != null) {
            jpql.append(" AND j.state = :state");
        }
        TypedQuery<Job> query = em.createQuery(jpql.append(" ORDER BY j.createdAt DESC, j.id").toString(), Job.class);
        if (endpoint != null) {
            query.setParameter("endpoint", endpoint);
        }
        if (state != null) {
            query.setParameter("state", state);
        }
        return query.setMaxResults(limit).getResultList().stream().map(JobView::of).toList();
    }
}
