package dev.conveyor.health;

import dev.conveyor.job.JobWorker;
import dev.conveyor.node.ThisNode;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Liveness;

/**
 * Live unless every worker of this node has been running its job longer than
 * {@link #STUCK_AFTER}: operations have no time limit of their own, and no operation Conveyor
 * ships takes near that long, so a node in that state does no more work until it is restarted
 * (recovery then runs the jobs again).
 */
@Liveness
@ApplicationScoped
public class WorkersCheck implements HealthCheck {

    static final Duration STUCK_AFTER = Duration.ofMinutes(30);

    private static final StuckWorkers RULE = new StuckWorkers(JobWorker.SESSIONS, STUCK_AFTER);

    @Inject
    ThisNode node;

    @Override
    public HealthCheckResponse call() {
        Collection<Instant> running = node.runningSince();
        Instant now = Instant.now();
        return HealthCheckResponse.named("workers").status(!RULE.allStuck(running, now))
                .withData("running", running.size())
                .withData("stuck", RULE.stuck(running, now))
                .withData("workers", RULE.workers()).build();
    }
}
