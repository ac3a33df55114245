package dev.conveyor.health;

import dev.conveyor.common.Tunable;
import dev.conveyor.node.ThisNode;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.Collection;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Liveness;

/**
 * Live unless every worker of this node has been running its job longer than
 * {@link Tunable#WORKERS_STUCK_AFTER} (30 minutes by default): operations have no time limit of their own, and no operation Conveyor
 * ships takes near that long, so a node in that state does no more work until it is restarted
 * (recovery then runs the jobs again).
 */
@Liveness
@ApplicationScoped
public class WorkersCheck implements HealthCheck {

    private final StuckWorkers rule = new StuckWorkers(Tunable.WORKERS.value(), Tunable.WORKERS_STUCK_AFTER.value());

    @Inject
    ThisNode node;

    @Override
    public HealthCheckResponse call() {
        Collection<Instant> running = node.runningSince();
        Instant now = Instant.now();
        return HealthCheckResponse.named("workers").status(!rule.allStuck(running, now))
                .withData("running", running.size())
                .withData("stuck", rule.stuck(running, now))
                .withData("workers", rule.workers()).build();
    }
}
