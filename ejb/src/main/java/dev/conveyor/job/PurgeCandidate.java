package dev.conveyor.job;

import java.time.Instant;
import java.util.List;

/** A job whose results the purge may delete: when it finished, and the results it recorded (relative to its watched folder). */
public record PurgeCandidate(String jobId, Instant finishedAt, List<String> results) {
}
