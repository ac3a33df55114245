package dev.conveyor.job;

import dev.conveyor.endpoint.EndpointConfig;

/** What a worker needs to run one job, read from the database when the job starts. */
public record RunRequest(String jobId, EndpointConfig endpoint, String source) {
}
