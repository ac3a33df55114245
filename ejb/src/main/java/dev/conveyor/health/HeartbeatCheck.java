package dev.conveyor.health;

import dev.conveyor.common.Tunable;
import dev.conveyor.node.ThisNode;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Liveness;

/** Live while the heartbeat timer fires: when it stops for as long as other nodes take this one for dead, the timers are not running. */
@Liveness
@ApplicationScoped
public class HeartbeatCheck implements HealthCheck {

    @Inject
    ThisNode node;

    @Override
    public HealthCheckResponse call() {
        long age = Duration.between(node.lastBeat(), Instant.now()).toSeconds();
        return HealthCheckResponse.named("heartbeat-timer").status(age < Tunable.NODE_DEAD_AFTER.value().toSeconds())
                .withData("secondsSinceBeat", age).build();
    }
}
