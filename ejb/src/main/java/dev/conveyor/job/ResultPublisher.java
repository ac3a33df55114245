package dev.conveyor.job;

import dev.conveyor.endpoint.Endpoint;
import dev.conveyor.endpoint.FolderTemplate;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

/**
 * Takes a finished job's files out of the stage folder: on success the operation's results into
 * the result folder and the source into preserve; on failure the source and a failure.log into a
 * folder of its own under the failure folder. Returns what it wrote, relative to the watched folder.
 */
public final class ResultPublisher {

    public static final String FAILURE_LOG = "failure.log";

    private final Clock clock;
    private final Random random;

    public ResultPublisher(Clock clock, Random random) {
        this.clock = clock;
        this.random = random;
    }

    public List<String> publishSuccess(Endpoint endpoint, String jobId, String source) throws IOException {
        Path watched = endpoint.folder();
        StageFolder stage = StageFolder.of(watched, jobId);
        FolderTemplate.Values values = values(endpoint, jobId, source);
        Path resultFolder = watched.resolve(FolderTemplate.of(endpoint.getResultFolder()).expand(values));
        List<String> written = new ArrayList<>();
        for (Path output : sortedChildren(stage.output())) {
            written.add(relative(watched, ResultFiles.moveInto(output, resultFolder, output.getFileName().toString())));
        }
        Path staged = stage.input(source);
        if (endpoint.getPreserveFolder().isEmpty()) {
            Files.deleteIfExists(staged);
        } else if (Files.exists(staged)) {
            Path preserveFolder = watched.resolve(FolderTemplate.of(endpoint.getPreserveFolder()).expand(values));
            ResultFiles.moveInto(staged, preserveFolder, source);
        }
        ResultFiles.deleteTree(stage.jobFolder());
        return written;
    }

    public List<String> publishFailure(Endpoint endpoint, String jobId, String source, String reason) throws IOException {
        Path watched = endpoint.folder();
        StageFolder stage = StageFolder.of(watched, jobId);
        Path failureFolder = watched.resolve(FolderTemplate.of(endpoint.getFailureFolder()).expand(values(endpoint, jobId, source)));
        Path jobFailure = ResultFiles.createFreeFolder(failureFolder, source);
        List<String> written = new ArrayList<>();
        Path log = jobFailure.resolve(FAILURE_LOG);
        Files.writeString(log, failureLog(endpoint, jobId, source, reason), StandardCharsets.UTF_8);
        written.add(relative(watched, log));
        Path staged = stage.input(source);
        if (Files.exists(staged)) {
            written.add(relative(watched, ResultFiles.moveInto(staged, jobFailure, source)));
        }
        ResultFiles.deleteTree(stage.jobFolder());
        return written;
    }

    private String failureLog(Endpoint endpoint, String jobId, String source, String reason) {
        return "time: " + ZonedDateTime.now(clock) + "\n"
                + "endpoint: " + endpoint.getName() + "\n"
                + "operation: " + endpoint.getOperationName() + "\n"
                + "job: " + jobId + "\n"
                + "source: " + source + "\n"
                + "reason: " + reason + "\n";
    }

    private FolderTemplate.Values values(Endpoint endpoint, String jobId, String source) {
        return new FolderTemplate.Values(ZonedDateTime.now(clock), jobId, endpoint.getName(), source, random);
    }

    private static List<Path> sortedChildren(Path folder) throws IOException {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> children = Files.list(folder)) {
            return children.sorted().toList();
        }
    }

    private static String relative(Path watched, Path written) {
        return written.startsWith(watched) ? watched.relativize(written).toString() : written.toString();
    }
}
