package dev.conveyor.job;

import dev.conveyor.endpoint.EndpointConfig;

/**
 * A job reached its end (SUCCEEDED, FAILED or EXPIRED), fired inside the transaction that
 * records it: what observers do joins that transaction and commits or rolls back with it.
 */
public record JobFinished(Job job, EndpointConfig endpoint) {

    public boolean succeeded() {
        return job.getState() == JobState.SUCCEEDED;
    }
}
