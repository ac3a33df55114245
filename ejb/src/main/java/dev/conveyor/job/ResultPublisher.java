package dev.conveyor.job;

import static dev.conveyor.endpoint.EndpointSettings.FAILURE_FOLDER;
import static dev.conveyor.endpoint.EndpointSettings.OPERATION_NAME;
import static dev.conveyor.endpoint.EndpointSettings.OVERWRITE_DUPLICATE_FILENAME;
import static dev.conveyor.endpoint.EndpointSettings.PRESERVE_FOLDER;
import static dev.conveyor.endpoint.EndpointSettings.PRESERVE_ON_FAILURE;
import static dev.conveyor.endpoint.EndpointSettings.RESULT_FOLDER;

import dev.conveyor.endpoint.EndpointConfig;
import dev.conveyor.endpoint.FolderTemplate;
import dev.conveyor.files.Confinement;
import dev.conveyor.files.Durably;
import dev.conveyor.files.FileNames;
import dev.conveyor.files.PathNames;
import dev.conveyor.files.UnsafeNameException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Clock;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.function.IntSupplier;
import java.util.function.Predicate;

/**
 * Takes a finished job's files out of the stage folder: on success the operation's results into
 * the result folder and the source into preserve; on failure a failure.log, and the source unless
 * preserveOnFailure is off, into a folder of its own under the failure folder. Returns what it
 * wrote, relative to the watched folder. Safe to repeat after a crash (see {@link PublishJournal});
 * the stage folder itself is removed by the caller once the job's new state is committed.
 * <p>
 * Every folder it writes into is checked by {@link Confinement} first (an
 * {@link dev.conveyor.files.UnsafeFolderException} when a link stands in the way; nothing is
 * moved), every name a folder pattern expands to must be a plain name inside its base, and every
 * result is forced to disk (with its folder entry) before the source leaves the stage folder.
 */
public final class ResultPublisher {

    public static final String FAILURE_LOG = "failure.log";
    public static final String EXPIRED_LOG = "expired.log";

    /** The journal's keys for a failed or expired job's folder, and for its source in it. */
    private static final String UNFINISHED = "unfinished";
    private static final String UNFINISHED_SOURCE = "unfinished:source";

    private final Clock clock;
    private final Random random;
    private final Confinement confinement;
    private final Predicate<Path> watchedByAnEndpoint;

    /** {@code watchedByAnEndpoint} tells the folders an endpoint watches: what is written there is handed on (chaining). */
    public ResultPublisher(Clock clock, Random random, Confinement confinement, Predicate<Path> watchedByAnEndpoint) {
        this.clock = clock;
        this.random = random;
        this.confinement = confinement;
        this.watchedByAnEndpoint = watchedByAnEndpoint;
    }

    /** Where the job's results go (folder patterns expanded now). */
    public Path resultFolder(EndpointConfig endpoint, String jobId, String source) {
        return folder(endpoint, endpoint.get(RESULT_FOLDER), values(endpoint, jobId, source));
    }

    /**
     * Why the job's result or preserve folder cannot be named for this source (a %F that expands to
     * '..', say), or empty when both can: such a job fails instead of succeeding.
     */
    public Optional<String> unsafeName(EndpointConfig endpoint, String jobId, String source) {
        FolderTemplate.Values values = values(endpoint, jobId, source);
        try {
            folder(endpoint, endpoint.get(RESULT_FOLDER), values);
            if (!endpoint.get(PRESERVE_FOLDER).isEmpty()) {
                folder(endpoint, endpoint.get(PRESERVE_FOLDER), values);
            }
            return Optional.empty();
        } catch (UnsafeNameException e) {
            return Optional.of(e.getMessage());
        }
    }

    /**
     * Moves a succeeded job's results into the result folder and its source into preserve: those
     * of the attempt whose outcome was recorded, never another attempt's. What it places is added to {@code durable}, which the caller forces before the job's end commits
     * (once for a whole chunk, see {@link Durably.Pending}); without a preserve folder the
     * source is deleted, and only after the results are forced.
     */
    public List<String> publishSuccess(EndpointConfig endpoint, String jobId, int attempt, String source, Durably.Pending durable)
            throws IOException {
        Path watched = endpoint.folder();
        StageFolder stage = StageFolder.of(watched, jobId);
        AttemptFolder run = stage.recordedRun(attempt);
        // Checked down to out/: through a link a dropper swapped in for the attempt folder while it ran, the results would
        // be taken from wherever it points, and moved away from there.
        stage.verify(confinement, run.output());
        PublishJournal journal = PublishJournal.of(stage, confinement);
        FolderTemplate.Values values = values(endpoint, jobId, source);
        boolean overwrite = endpoint.get(OVERWRITE_DUPLICATE_FILENAME);
        Path resultFolder = folder(endpoint, endpoint.get(RESULT_FOLDER), values);
        boolean handedOn = watchedByAnEndpoint.test(resultFolder);
        List<String> written = new ArrayList<>();
        for (Path unit : run.resultUnits()) {
            Path staged = run.output().resolve(unit);
            String key = "result:" + unit;
            BasicFileAttributes look = ResultFiles.lookAt(staged);
            if (look == null && !journal.has(key)) {
                continue;
            }
            Path wanted = PathNames.inside(resultFolder, unit.toString(), "a result of job " + jobId);
            confinement.ensure(wanted.getParent());
            Path target = publish(staged, look, run::namesOfEachUnit, wanted, overwrite, handedOn, journal, key);
            durable.add(target);
            written.add(relative(watched, target));
        }
        Path staged = stage.input(source);
        if (endpoint.get(PRESERVE_FOLDER).isEmpty()) {
            durable.force();
            ResultFiles.deleteTree(staged);
        } else {
            BasicFileAttributes look = ResultFiles.lookAt(staged);
            if (look != null || journal.has("source")) {
                Path preserveFolder = confinement.ensure(folder(endpoint, endpoint.get(PRESERVE_FOLDER), values));
                boolean preserveHandedOn = watchedByAnEndpoint.test(preserveFolder);
                durable.add(publish(staged, look, () -> 1, preserveFolder.resolve(source), overwrite, preserveHandedOn, journal, "source"));
            }
        }
        return written;
    }

    /**
     * Puts a staged unit at {@code wanted}, or at the first free indexed name beside it. A file,
     * unless it is to replace one, gets its new name by a hard link and keeps its staged one until
     * the stage folder goes (see {@link ResultFiles#linkInto}); a folder, or a file that cannot be
     * linked there, is renamed to a free name in one step, the name written in the journal first
     * ({@link ResultFiles#moveToFreeName}); a replacement, or a unit where no such rename can be
     * done, is moved to a target reserved in the journal first. A unit the journal already knows
     * goes where it says, the way an earlier attempt started it. {@code look}
     * is the unit as {@link ResultFiles#lookAt} found it (null: not staged any more): one look tells whether
     * it is there, whether it is a folder and which file it is, where three took a system call each;
     * {@code stagedNames}, how many names the stage folder gives it (see {@link ResultFiles#linkInto}).
     * <p>
     * A unit {@code handedOn} (its folder is watched by an endpoint) is always moved, never linked:
     * the endpoint there may claim it, taking the name away, before this job's end commits. A retry
     * after a crash then finds a link's name free again and cannot tell a link never made from one
     * taken, so it would link again and feed that endpoint the result twice; a moved unit's staged
     * name is gone in the same step as its new one appears, which no claim undoes.
     */
    private static Path publish(Path staged, BasicFileAttributes look, IntSupplier stagedNames, Path wanted, boolean overwrite,
                                boolean handedOn, PublishJournal journal, String key) throws IOException {
        Path folder = wanted.getParent();
        String name = wanted.getFileName().toString();
        boolean directory = look != null && look.isDirectory();
        if (!overwrite && look != null && !journal.has(key)) {
            if (!handedOn && !directory) {
                Optional<Path> linked = ResultFiles.linkInto(staged, look.fileKey(), stagedNames, folder, name);
                if (linked.isPresent()) {
                    return linked.get();
                }
            }
            Optional<Path> moved = ResultFiles.moveToFreeName(staged, folder, name, directory, candidate -> journal.intend(key, candidate));
            if (moved.isPresent()) {
                return moved.get();
            }
        }
        Path target = journal.target(key, wanted, directory, overwrite, look != null,
                intent -> ResultFiles.reserve(folder, name, directory, overwrite, intent));
        place(staged, target, overwrite);
        return target;
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

    /**
     * The log, and the source unless {@code keepSource} is off, in a folder built whole in the
     * stage folder and then moved under the failure (or expired) folder in one rename, as a folder
     * of results is: whoever watches that folder (a person, a program collecting failures) never
     * sees it half-built, and a retry after a crash knows by the built folder's absence that it was
     * moved, instead of writing into a folder the watcher may have taken. The rename takes a free
     * name as it goes ({@link ResultFiles#moveToFreeName}), the journal noting each name before it
     * is tried; where that cannot be done, a name is reserved first, as for results.
     */
    private List<String> publishUnfinished(EndpointConfig endpoint, String jobId, String source, String folderTemplate,
                                           String logName, String reason, String detail, boolean keepSource) throws IOException {
        Path watched = endpoint.folder();
        StageFolder stage = StageFolder.of(watched, jobId).verify(confinement);
        PublishJournal journal = PublishJournal.of(stage, confinement);
        Path built = stage.unfinished();
        String sourceName = source.equals(logName) ? FileNames.indexed(source, 1) : source;
        Path staged = stage.input(source);
        // Moved out already when the journal has its name and nothing is left to move: a journal entry alone, which a
        // dropper may have written, must not keep the source from being put in the failure folder.
        boolean movedOut = journal.has(UNFINISHED) && !Files.exists(built, LinkOption.NOFOLLOW_LINKS)
                && !(keepSource && Files.exists(staged, LinkOption.NOFOLLOW_LINKS));
        if (!movedOut) {
            // Checked part by part: a link a dropper put in its place would have the log and the source written through it.
            confinement.ensure(built);
            // A new file, never one found there: a hard link put in its place would have another file cut and overwritten.
            Files.deleteIfExists(built.resolve(logName));
            Files.writeString(built.resolve(logName), failureLog(endpoint, jobId, source, reason, detail), StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            if (keepSource && Files.exists(staged, LinkOption.NOFOLLOW_LINKS)) {
                Files.move(staged, built.resolve(sourceName), StandardCopyOption.ATOMIC_MOVE);
            }
        }
        Path folder = confinement.ensure(unfinishedFolder(endpoint, folderTemplate, jobId, source));
        String folderName = PathNames.problemWith(source) == null ? source : SafeNames.of(source);
        boolean builtThere = Files.exists(built, LinkOption.NOFOLLOW_LINKS);
        boolean sourceInside = builtThere && Files.exists(built.resolve(sourceName), LinkOption.NOFOLLOW_LINKS);
        Optional<Path> moved = builtThere && !journal.has(UNFINISHED)
                ? ResultFiles.moveToFreeName(built, folder, folderName, true, candidate -> {
                    if (sourceInside) {
                        journal.note(UNFINISHED_SOURCE, candidate.resolve(sourceName));
                    }
                    journal.intend(UNFINISHED, candidate);
                })
                : Optional.empty();
        Path target = moved.isPresent() ? moved.get() : journal.target(UNFINISHED, folder.resolve(folderName), true, false, builtThere,
                intent -> ResultFiles.reserve(folder, folderName, true, false, intent));
        if (moved.isEmpty()) {
            if (sourceInside) {
                journal.note(UNFINISHED_SOURCE, target.resolve(sourceName));
            }
            place(built, target, false);
        }
        Durably.sync(target);
        List<String> written = new ArrayList<>();
        written.add(relative(watched, target.resolve(logName)));
        journal.noted(UNFINISHED_SOURCE).filter(kept -> kept.equals(target.resolve(sourceName)))
                .ifPresent(kept -> written.add(relative(watched, kept)));
        return written;
    }

    /**
     * A failure or expired folder: the pattern as for results, but a source whose name cannot be
     * used there (the very reason its job may have failed) is named by its safe form instead, so
     * that the failure itself is always written.
     */
    private Path unfinishedFolder(EndpointConfig endpoint, String template, String jobId, String source) {
        FolderTemplate.Values values = values(endpoint, jobId, source);
        try {
            return folder(endpoint, template, values);
        } catch (UnsafeNameException e) {
            return folder(endpoint, template, new FolderTemplate.Values(values.time(), jobId, SafeNames.of(endpoint.name()),
                    SafeNames.of(source), random));
        }
    }

    /**
     * A folder pattern expanded for one job: an absolute one as it is (the confinement check then
     * keeps it below a root), a relative one inside the watched folder.
     */
    private static Path folder(EndpointConfig endpoint, String template, FolderTemplate.Values values) {
        String expanded = FolderTemplate.of(template).expand(values);
        Path path = Path.of(expanded);
        return path.isAbsolute() ? path.normalize() : PathNames.inside(endpoint.folder(), expanded, "folder pattern '" + template + "'");
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
        return written.startsWith(watched) ? PathNames.below(watched, written).toString() : written.toString();
    }
}
