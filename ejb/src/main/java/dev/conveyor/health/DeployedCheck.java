package dev.conveyor.health;

import dev.conveyor.scan.ScanScheduler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Startup;

/** Started: the application is deployed and its scheduler has read the endpoints once. */
@Startup
@ApplicationScoped
public class DeployedCheck implements HealthCheck {

    @Inject
    ScanScheduler scheduler;

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("conveyor-deployed").status(scheduler.reconciledAt().isPresent()).build();
    }
}
