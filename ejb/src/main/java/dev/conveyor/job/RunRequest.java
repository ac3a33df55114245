package dev.conveyor.job;

import java.nio.file.Path;

/** What a worker needs to run one job, read from the database when the job starts. */
public record RunRequest(String jobId, String operationName, Path watchedFolder, String source) {
}
