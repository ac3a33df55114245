package dev.conveyor.health;

import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;

/** A probe as a check's response: UP, or DOWN with the reason in its data. */
final class ProbeResponse {

    static HealthCheckResponse of(String name, Probe probe) {
        HealthCheckResponseBuilder response = HealthCheckResponse.named(name).status(probe.up());
        probe.downReason().ifPresent(reason -> response.withData("reason", reason));
        return response.build();
    }

    private ProbeResponse() {
    }
}
