package dev.conveyor.job;

import dev.conveyor.common.MessageId;
import dev.conveyor.endpoint.EndpointConfig;
import dev.conveyor.endpoint.EndpointService;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/** Writes a job's results and records how it ended: the callback's side of the Job Manager. */
@Stateless
public class JobCompletion {

    private static final Logger LOG = Logger.getLogger(JobCompletion.class.getName());

    @PersistenceContext
    EntityManager em;

    @Inject
    EndpointService endpoints;

    private final ResultPublisher publisher = new ResultPublisher(Clock.systemDefaultZone(), new SecureRandom());

    /**
     * Publishes the files and marks the job SUCCEEDED or FAILED in the same transaction. The job
     * row is locked first, so a repeated callback waits and then finds the job finished.
     * A file-system error rolls everything back and the callback is delivered again.
     */
    public void complete(Outcome outcome) {
        Job job = em.find(Job.class, outcome.jobId(), LockModeType.PESSIMISTIC_WRITE);
        if (job == null || job.getState().isFinished()) {
            return;
        }
        EndpointConfig endpoint = endpoints.config(job.getEndpoint()).orElse(null);
        if (endpoint == null) {
            job.fail("endpoint '" + job.getEndpoint() + "' was deleted while the job ran; its files stay in the stage folder",
                    List.of(), Instant.now());
            return;
        }
        try {
            if (outcome.succeeded()) {
                job.succeed(publisher.publishSuccess(endpoint, job.getId(), job.getSource()), Instant.now());
            } else {
                job.fail(outcome.reason(), publisher.publishFailure(endpoint, job.getId(), job.getSource(), outcome.reason(), outcome.detail()),
                        Instant.now());
            }
        } catch (IOException e) {
            LOG.log(Level.WARNING, MessageId.RESULT_WRITE_FAILED.format(job.getId(), e), e);
            throw new UncheckedIOException(e);
        }
    }
}
