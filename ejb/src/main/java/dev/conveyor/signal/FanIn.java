package dev.conveyor.signal;

import static dev.conveyor.endpoint.EndpointSettings.FAN_OUT;
import static dev.conveyor.endpoint.FanOutSpec.FRAGMENT_COUNT;
import static dev.conveyor.endpoint.FanOutSpec.FRAGMENT_IDENTIFIER;
import static dev.conveyor.endpoint.FanOutSpec.FRAGMENT_INDEX;

import dev.conveyor.endpoint.EndpointConfig;
import dev.conveyor.endpoint.FanOutSpec;
import dev.conveyor.endpoint.EndpointService;
import dev.conveyor.job.Fragments;
import dev.conveyor.job.Job;
import dev.conveyor.job.JobDispatcher;
import dev.conveyor.job.JobFinished;
import dev.conveyor.job.JobState;
import dev.conveyor.job.Jobs;
import dev.conveyor.job.StageFolder;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.interceptor.Interceptor;
import dev.conveyor.files.Confinement;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Optional;

/**
 * The join half of a fan-out: a child that succeeded returns its results into its waiting
 * parent's stage; one that failed fails the parent at once when the fan-out says so. Runs in the
 * child's end-of-job transaction, before the child's notify (lower priority value first), so that
 * every child locks its parent before the signal: one lock order, no deadlock between siblings.
 */
@ApplicationScoped
public class FanIn {

    private final Confinement confinement = Confinement.ofAllowedRoots();

    @Inject
    Jobs jobs;

    @Inject
    EndpointService endpoints;

    @Inject
    JobDispatcher dispatcher;

    @Inject
    SignalLocks locks;

    void childFinished(@Observes @Priority(Interceptor.Priority.APPLICATION) JobFinished finished) {
        Map<String, String> attributes = finished.job().getAttributes();
        String parentId = attributes.get(FRAGMENT_IDENTIFIER);
        if (parentId == null || parentId.equals(finished.job().getId())) {
            return;
        }
        // The parent's id is the signal its children notify: one turn covers both.
        locks.holdUntilCompletion(parentId);
        Job parent = jobs.locked(parentId).orElse(null);
        if (parent == null || parent.getState() != JobState.WAITING) {
            return;
        }
        Optional<EndpointConfig> parentEndpoint = endpoints.config(parent.getEndpoint());
        Optional<FanOutSpec> fanOut = parentEndpoint.flatMap(endpoint -> endpoint.get(FAN_OUT));
        if (fanOut.isEmpty()) {
            return;
        }
        if (finished.succeeded()) {
            try {
                Fragments.returnToParent(finished.endpoint().folder(), finished.job().getResults(),
                        StageFolder.of(parentEndpoint.get().folder(), parentId), Integer.parseInt(attributes.get(FRAGMENT_INDEX)),
                        confinement);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        } else if (fanOut.get().failAtOnce()) {
            parent.recordOutcome(false, "fragment " + attributes.get(FRAGMENT_INDEX) + " of " + attributes.get(FRAGMENT_COUNT)
                    + " (" + finished.job().getSource() + ", job " + finished.job().getId() + ") failed: "
                    + finished.job().getFailureReason(), null);
            dispatcher.callback(parentId);
        }
    }
}
