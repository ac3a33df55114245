package dev.conveyor.signal;

import dev.conveyor.endpoint.WaitSpec;
import dev.conveyor.common.MessageId;
import dev.conveyor.endpoint.EndpointConfig;
import dev.conveyor.endpoint.EndpointService;
import dev.conveyor.job.JobCompletion;
import dev.conveyor.job.JobState;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Every few seconds, per endpoint that waits: expires the jobs that waited too long, and checks
 * up to waitBufferCount of the oldest waiting jobs, once per signal id, skipping penalized ids
 * ({@link BufferedCheck}).
 * Releases do not depend on it (a notify releases at once, in its own transaction); it catches
 * what a notify could not see, such as a wait whose target changed, and it is what expires.
 */
@Singleton
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class WaitSweep {

    private static final Logger LOG = Logger.getLogger(WaitSweep.class.getName());

    @PersistenceContext
    EntityManager em;

    @Inject
    EndpointService endpoints;

    @Inject
    WaitingRoom waiting;

    @Inject
    JobCompletion completion;

    private final BufferedCheck buffer = new BufferedCheck(Clock.systemUTC());

    /** Never lets an exception out: the container would cancel the timer. */
    @Schedule(hour = "*", minute = "*", second = "*/5", persistent = false)
    void sweep() {
        try {
            for (EndpointConfig endpoint : endpoints.configs()) {
                WaitSpec.of(endpoint).ifPresent(wait -> sweep(endpoint, wait));
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, MessageId.SWEEP_FAILED.format(e), e);
        }
    }

    private void sweep(EndpointConfig endpoint, WaitSpec wait) {
        Instant waitingBefore = Instant.now().minus(wait.expiration());
        em.createQuery("SELECT j.id FROM Job j WHERE j.endpoint = :endpoint AND j.state = :state AND j.changedAt < :before",
                        String.class)
                .setParameter("endpoint", endpoint.name()).setParameter("state", JobState.WAITING)
                .setParameter("before", waitingBefore)
                .getResultList()
                .forEach(jobId -> completion.expire(jobId, wait.expiredFolder(), waitingBefore));
        buffer.pass(wait, (except, limit) -> oldestWaiting(endpoint, except, limit), waiting::releaseNow);
    }

    private List<String> oldestWaiting(EndpointConfig endpoint, Set<String> except, int limit) {
        var query = em.createQuery("SELECT j.waitSignal FROM Job j WHERE j.endpoint = :endpoint AND j.state = :state "
                        + (except.isEmpty() ? "" : "AND j.waitSignal NOT IN :except ") + "ORDER BY j.createdAt", String.class)
                .setParameter("endpoint", endpoint.name()).setParameter("state", JobState.WAITING)
                .setMaxResults(limit);
        if (!except.isEmpty()) {
            query.setParameter("except", except);
        }
        return query.getResultList();
    }
}
