package dev.conveyor.job;

import dev.conveyor.endpoint.EndpointConfig;

/**
 * What a worker needs to run one job, read from the database when the job starts. A request
 * with a {@code giveUpReason} is not run: the job used up its attempts and fails with that reason.
 * A {@code joining} job is a fan-out parent back from waiting: it runs the join over its children's results.
 * {@code attempt} counts from 1.
 */
public record RunRequest(String jobId, EndpointConfig endpoint, String source, String giveUpReason, boolean joining, int attempt) {
}
