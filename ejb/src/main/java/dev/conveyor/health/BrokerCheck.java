package dev.conveyor.health;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Ready only while the broker answers through the resource adapter. */
@Readiness
@ApplicationScoped
public class BrokerCheck implements HealthCheck {

    @Inject
    Probes probes;

    @Override
    public HealthCheckResponse call() {
        return ProbeResponse.of("broker", probes.broker());
    }
}
