package dev.conveyor.health;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Ready only while the database answers. */
@Readiness
@ApplicationScoped
public class DatabaseCheck implements HealthCheck {

    @Inject
    Probes probes;

    @Override
    public HealthCheckResponse call() {
        return ProbeResponse.of("database", probes.database());
    }
}
