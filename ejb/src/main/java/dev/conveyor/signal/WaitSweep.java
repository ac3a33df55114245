package dev.conveyor.signal;

import dev.conveyor.endpoint.WaitSpec;
import dev.conveyor.common.MessageId;
import dev.conveyor.endpoint.EndpointConfig;
import dev.conveyor.endpoint.EndpointService;
import dev.conveyor.job.JobCompletion;
import dev.conveyor.job.Jobs;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Instant;
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

    @Inject
    Jobs jobs;

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
        jobs.waitingSince(endpoint.name(), waitingBefore).forEach(jobId -> completion.expire(jobId, wait.expiredFolder(), waitingBefore));
        buffer.pass(wait, (except, limit) -> jobs.oldestWaitSignals(endpoint.name(), except, limit), waiting::releaseNow);
    }
}
