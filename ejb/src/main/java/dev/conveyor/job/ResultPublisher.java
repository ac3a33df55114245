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
 * wrote, relative to the watched folder. Safe to repeat after a crash (see {@link PublishJournal});
 * the stage folder itself is removed by the caller once the job's new state is committed.
 */
public final class ResultPublisher {

    public static final String FAILURE_LOG = "failure.log";
    public static final String EXPIRED_LOG = "expired.log";

    private final Clock clock;
    private final Random random;

    public ResultPublisher(Clock clock, Random random) {
        this.clock = clock;
        this.random = random;
    }

    /** Where the job's results go (folder patterns expanded now). */
    public Path resultFolder(EndpointConfig endpoint, String jobId, String source) {
        return endpoint.folder().resolve(FolderTemplate.of(endpoint.get(RESULT_FOLDER)).expand(values(endpoint, jobId, source)));
    }

    public List<String> publishSuccess(EndpointConfig endpoint, String jobId, String source) throws IOException {
        Path watched = endpoint.folder();
        StageFolder stage = StageFolder.of(watched, jobId);
        PublishJournal journal = PublishJournal.of(stage);
        FolderTemplate.Values values = values(endpoint, jobId, source);
        boolean overwrite = endpoint.get(OVERWRITE_DUPLICATE_FILENAME);
        Path resultFolder = watched.resolve(FolderTemplate.of(endpoint.get(RESULT_FOLDER)).expand(values));
        List<String> written = new ArrayList<>();
        for (Path unit : stage.resultUnits()) {
            Path staged = stage.output().resolve(unit);
            if (!present(staged, journal, "result:" + unit)) {
                continue;
            }
            Path wanted = resultFolder.resolve(unit);
            Path target = journal.target("result:" + unit, intent -> ResultFiles.reserve(wanted.getParent(),
                    wanted.getFileName().toString(), Files.isDirectory(staged, LinkOption.NOFOLLOW_LINKS), overwrite, intent));
            place(staged, target, overwrite);
            written.add(relative(watched, target));
        }
        Path staged = stage.input(source);
        if (endpoint.get(PRESERVE_FOLDER).isEmpty()) {
            ResultFiles.deleteTree(staged);
        } else if (present(staged, journal, "source")) {
            Path preserveFolder = watched.resolve(FolderTemplate.of(endpoint.get(PRESERVE_FOLDER)).expand(values));
            Path target = journal.target("source", intent -> ResultFiles.reserve(preserveFolder, source,
                    Files.isDirectory(staged, LinkOption.NOFOLLOW_LINKS), overwrite, intent));
            place(staged, target, overwrite);
        }
        return written;
    }

    public List<String> publishFailure(EndpointConfig endpoint, String jobId, String source, String reason, String detail)
            throws IOException {
        return publishUnfinished(endpoint, jobId, source, endpoint.get(FAILURE_FOLDER), FAILURE_LOG, reason, detail,
                endpoint.get(PRESERVE_ON_FAILURE));
    }

    /** A job that waited too long: its source and an expired.log into a folder of its own under {@code expiredFolder}. */
    public List<String> publishExpired(EndpointConfig endpoint, String jobId, String source, String expiredFolder, String reason)
            throws IOException {
        return publishUnfinished(endpoint, jobId, source, expiredFolder, EXPIRED_LOG, reason, null, true);
    }

    private List<String> publishUnfinished(EndpointConfig endpoint, String jobId, String source, String folderTemplate,
                                           String logName, String reason, String detail, boolean keepSource) throws IOException {
        Path watched = endpoint.folder();
        StageFolder stage = StageFolder.of(watched, jobId);
        PublishJournal journal = PublishJournal.of(stage);
        Path folder = watched.resolve(FolderTemplate.of(folderTemplate).expand(values(endpoint, jobId, source)));
        Path jobFolder = journal.target("failure", intent -> ResultFiles.reserve(folder, source, true, false, intent));
        List<String> written = new ArrayList<>();
        Path log = jobFolder.resolve(logName);
        Files.writeString(log, failureLog(endpoint, jobId, source, reason, detail), StandardCharsets.UTF_8);
        written.add(relative(watched, log));
        Path staged = stage.input(source);
        if (keepSource && present(staged, journal, "source")) {
            Path target = journal.target("source", intent -> ResultFiles.reserve(jobFolder, source,
                    Files.isDirectory(staged, LinkOption.NOFOLLOW_LINKS), false, intent));
            place(staged, target, false);
            written.add(relative(watched, target));
        }
        return written;
    }

    /** True when the unit is still staged, or an earlier attempt recorded where it went. */
    private static boolean present(Path staged, PublishJournal journal, String key) {
        return Files.exists(staged, LinkOption.NOFOLLOW_LINKS) || journal.has(key);
    }

    /** Moves a staged unit to its target, unless an earlier, interrupted attempt already did. */
    private static void place(Path staged, Path target, boolean overwrite) throws IOException {
        if (Files.exists(staged, LinkOption.NOFOLLOW_LINKS)) {
            ResultFiles.placeOver(staged, target, overwrite);
        }
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
