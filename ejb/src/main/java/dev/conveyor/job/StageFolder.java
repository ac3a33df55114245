package dev.conveyor.job;

import dev.conveyor.endpoint.Endpoint;
import java.nio.file.Path;

/**
 * Where a claimed job's files live until its results are written:
 * {@code <watched>/stage/<job id>/in/<source>} and the operation's results in {@code .../out/}.
 * One folder per job keeps jobs apart and makes cleaning up one job one delete.
 */
public record StageFolder(Path jobFolder) {

    public static StageFolder of(Path watchedFolder, String jobId) {
        return new StageFolder(watchedFolder.resolve(Endpoint.STAGE_FOLDER).resolve(jobId));
    }

    public Path input(String sourceName) {
        return jobFolder.resolve("in").resolve(sourceName);
    }

    /** The operation's results, named as they will be in the result folder. */
    public Path output() {
        return jobFolder.resolve("out");
    }

    /** The operation's private scratch space. */
    public Path work() {
        return jobFolder.resolve("work");
    }
}
