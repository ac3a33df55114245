package dev.conveyor.health;

import dev.conveyor.scan.ScanScheduler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready only while the endpoints' scan timers follow the database: the scheduler compared them
 * with it recently (it does every 10 s), and every endpoint that should have a timer has one.
 */
@Readiness
@ApplicationScoped
public class EndpointTimersCheck implements HealthCheck {

    static final Duration RECONCILED_WITHIN = Duration.ofSeconds(30);

    @Inject
    ScanScheduler scheduler;

    @Override
    public HealthCheckResponse call() {
        HealthCheckResponseBuilder response = HealthCheckResponse.named("endpoint-timers");
        Instant reconciled = scheduler.reconciledAt().orElse(null);
        Set<String> missing = scheduler.missingTimers();
        if (reconciled == null || reconciled.isBefore(Instant.now().minus(RECONCILED_WITHIN))) {
            return response.down().withData("reason", "the timers have not been compared with the database for "
                    + RECONCILED_WITHIN.toSeconds() + " s").build();
        }
        if (!missing.isEmpty()) {
            return response.down().withData("reason", "no scan timer for " + String.join(", ", missing)).build();
        }
        return response.up().build();
    }
}
