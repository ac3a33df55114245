package dev.conveyor.job;

import static dev.conveyor.endpoint.EndpointSettings.FAILURE_FOLDER;
import static dev.conveyor.endpoint.EndpointSettings.OPERATION_NAME;
import static dev.conveyor.endpoint.EndpointSettings.OVERWRITE_DUPLICATE_FILENAME;
import static dev.conveyor.endpoint.EndpointSettings.PRESERVE_FOLDER;
import static dev.conveyor.endpoint.EndpointSettings.PRESERVE_ON_FAILURE;
import static dev.conveyor.endpoint.EndpointSettings.RESULT_FOLDER;

import dev.conveyor.endpoint.EndpointConfig;
import dev.conveyor.endpoint.FolderTemplate;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Takes a finished job's files out of the stage folder: on success the operation's results into
 * the result folder and the source into preserve; on failure a failure.log, and the source unless
 * preserveOnFailure is off, into a folder of its own under the failure folder. Returns what it
 * wrote, relative to the watched folder.
 */
public final class ResultPublisher {

    public static final String FAILURE_LOG = "failure.log";

    private final Clock clock;
    private final Random random;

    public ResultPublisher(Clock clock, Random random) {
        this.clock = clock;
        this.random = random;
    }

    public List<String> publishSuccess(EndpointConfig endpoint, String jobId, String source) throws IOException {
        Path watched = endpoint.folder();
        StageFolder stage = StageFolder.of(watched, jobId);
        FolderTemplate.Values values = values(endpoint, jobId, source);
        boolean overwrite = endpoint.get(OVERWRITE_DUPLICATE_FILENAME);
        Path resultFolder = watched.resolve(FolderTemplate.of(endpoint.get(RESULT_FOLDER)).expand(values));
        List<String> written = new ArrayList<>();
        for (Path unit : stage.resultUnits()) {
            Path staged = stage.output().resolve(unit);
            if (!Files.exists(staged, LinkOption.NOFOLLOW_LINKS)) {
                // Moved by an earlier attempt that failed further on: the callback is being delivered again.
                continue;
            }
            Path target = resultFolder.resolve(unit);
            Path placed = ResultFiles.moveInto(staged, target.getParent(), target.getFileName().toString(), overwrite);
            written.add(relative(watched, placed));
        }
        Path staged = stage.input(source);
        if (endpoint.get(PRESERVE_FOLDER).isEmpty()) {
            ResultFiles.deleteTree(staged);
        } else if (Files.exists(staged)) {
            Path preserveFolder = watched.resolve(FolderTemplate.of(endpoint.get(PRESERVE_FOLDER)).expand(values));
            ResultFiles.moveInto(staged, preserveFolder, source, overwrite);
        }
        ResultFiles.deleteTree(stage.jobFolder());
        return written;
    }

    public List<String> publishFailure(EndpointConfig endpoint, String jobId, String source, String reason, String detail)
            throws IOException {
        Path watched = endpoint.folder();
        StageFolder stage = StageFolder.of(watched, jobId);
        Path failureFolder = watched.resolve(FolderTemplate.of(endpoint.get(FAILURE_FOLDER)).expand(values(endpoint, jobId, source)));
        Path jobFailure = ResultFiles.createFreeFolder(failureFolder, source);
        List<String> written = new ArrayList<>();
        Path log = jobFailure.resolve(FAILURE_LOG);
        Files.writeString(log, failureLog(endpoint, jobId, source, reason, detail), StandardCharsets.UTF_8);
        written.add(relative(watched, log));
        Path staged = stage.input(source);
        if (Files.exists(staged) && endpoint.get(PRESERVE_ON_FAILURE)) {
            written.add(relative(watched, ResultFiles.moveInto(staged, jobFailure, source, false)));
        }
        ResultFiles.deleteTree(stage.jobFolder());
        return written;
    }

    private String failureLog(EndpointConfig endpoint, String jobId, String source, String reason, String detail) {
        return "time: " + ZonedDateTime.now(clock) + "\n"
                + "endpoint: " + endpoint.name() + "\n"
                + "operation: " + endpoint.get(OPERATION_NAME) + "\n"
                + "job: " + jobId + "\n"
                + "source: " + source + "\n"
                + "reason: " + reason + "\n"
                + (detail == null || detail.isBlank() ? "" : "detail:\n" + detail + (detail.endsWith("\n") ? "" : "\n"));
    }

    private FolderTemplate.Values values(EndpointConfig endpoint, String jobId, String source) {
        return new FolderTemplate.Values(ZonedDateTime.now(clock), jobId, endpoint.name(), source, random);
    }

    private static String relative(Path watched, Path written) {
        return written.startsWith(watched) ? watched.relativize(written).toString() : written.toString();
    }
}
