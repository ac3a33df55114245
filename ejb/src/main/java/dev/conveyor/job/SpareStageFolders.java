package dev.conveyor.job;

import dev.conveyor.files.Confinement;
import dev.conveyor.files.FileTrees;
import dev.conveyor.files.Looks;
import dev.conveyor.files.OpenFolder;
import dev.conveyor.files.PathNames;
import dev.conveyor.files.UnsafeFolderException;
import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.Deque;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Finished jobs' stage folders, emptied and kept in {@code stage/}{@value #FOLDER}{@code /} for the
 * next claims, instead of being deleted and made again. A job's folder is four folders and a marker
 * ({@code <id>/}, {@code in/}, an attempt folder with {@code out/} and {@code work/}): deleting them
 * and making them anew for every small file was the costliest file-system step of its way, because
 * a file system hands out new files and folders slower the more it freed shortly before (ext4
 * without a journal steps over every one freed in the last seconds; docs/benchmarks.md). A kept
 * folder is renamed into place for a claim, already marked with the new job id, with its attempt
 * folder prepared as {@value #PREPARED_ATTEMPT} for the first attempt to take by a rename too.
 * <p>
 * A kept folder is checked when it is taken and when its attempt folder is used: exactly the shape
 * Conveyor left, every part a real folder and empty; anything else is deleted (never followed) and
 * a folder is made as before. One unused for {@link #IDLE} is deleted by the recovery pass
 * ({@link #trim}), so an idle endpoint's stage folder empties. Several nodes may take from the same
 * folder: a rename only one of them wins decides.
 * <p>
 * Every finished job's folder is kept, however many: a claim makes a new folder only when no spare
 * is left, so a stage folder's job folders and spares together never outnumber the most jobs its
 * endpoint had in flight at once (its maxQueueSize plus those running, on each node keeping spares
 * there), which the disk held anyway. A cap (1,024 once) made a backlog churn: claims run ahead of
 * job ends by up to maxQueueSize, so the folders of jobs ending past the cap were deleted while the
 * next claims made new ones, each slower for the many just freed (docs/benchmarks.md).
 */
final class SpareStageFolders {

    /** Where a stage folder keeps its spares: not a job id, so the recovery pass never takes it for a job's folder. */
    static final String FOLDER = "conveyor-spare";
    /** A spare's attempt folder, ready to become its job's first attempt. */
    static final String PREPARED_ATTEMPT = "next";
    /** How long a spare may wait for a claim before the recovery pass deletes it. */
    static final Duration IDLE = Duration.ofMinutes(1);

    private static final String INPUT = "in";
    private static final Set<String> SHAPE = Set.of(StageFolder.MARKER, INPUT, PREPARED_ATTEMPT);
    private static final ConcurrentMap<Path, Spares> BY_STAGE = new ConcurrentHashMap<>();

    private SpareStageFolders() {
    }

    /**
     * Puts a spare in place as {@code jobFolder} (which must not exist yet), marked with its name,
     * which dates it now for the recovery pass ({@link StageFolder#claimedAt}). False when none
     * could be taken: none kept, the one taken not as Conveyor left it (then deleted), or another
     * node quicker. The spare is opened once, checked on the way (where no link is on its whole
     * path, the check is the open), and written and looked at through that open, before and after
     * its rename.
     */
    static boolean takeInto(Confinement confinement, Path jobFolder) throws IOException {
        Spares spares = spares(jobFolder.getParent());
        byte[] id = StageFolder.markerText(jobFolder);
        for (String name = spares.take(); name != null; name = spares.take()) {
            Path spare = spares.root.resolve(name);
            Optional<OpenFolder> opened = openSpare(confinement, spare);
            if (opened.isEmpty()) {
                continue;
            }
            try (OpenFolder taken = opened.get()) {
                try {
                    // Marked now: the marker's time is the claim's, from which recovery counts an uncommitted claim's grace.
                    // Written over in place: job ids are all as long, so the marker keeps its block; emptied first, ext4
                    // freed the block, took a new one, and flushed the file at its close (it does so for a file emptied and
                    // written again, lest a crash leave it empty): about 4% of Payara's CPU on a backlog's way (perf).
                    taken.writeOver(StageFolder.MARKER, id);
                    // No look first whether the job's folder exists: for a new job id it never does, and a look at what
                    // is not there costs an exception. The rename fails on a folder with anything in it.
                    Files.move(spare, jobFolder, StandardCopyOption.ATOMIC_MOVE);
                } catch (DirectoryNotEmptyException | FileAlreadyExistsException madeEarlier) {
                    spares.add(name);
                    return false;
                } catch (IOException takenOrChanged) {
                    // Another node took it, or it is not as it was left (its marker gone, a pipe in its place): the next one.
                    FileTrees.delete(spare);
                    continue;
                }
                if (hasShapeOfSpare(taken)) {
                    if (!taken.holdsExactly(StageFolder.MARKER, id)) {
                        // Another node, taking the same spare, wrote its own job's id just before this rename won.
                        taken.writeOver(StageFolder.MARKER, id);
                    }
                    return true;
                }
            }
            FileTrees.delete(jobFolder);
        }
        return false;
    }

    /**
     * The spare opened, checked as {@link Confinement#check} checks a folder; empty, with what is
     * there removed (a link itself, never where it points), when it is no folder of its own or gone.
     * A refusal above it (a link in place of the spares' folder) is the caller's.
     */
    private static Optional<OpenFolder> openSpare(Confinement confinement, Path spare) throws IOException {
        try {
            return Optional.of(confinement.openChecked(spare));
        } catch (UnsafeFolderException refused) {
            if (!refused.path().equals(spare.toAbsolutePath().normalize())) {
                throw refused;
            }
        } catch (NoSuchFileException | NotDirectoryException gone) {
            // Taken by another node meanwhile, or never a folder.
        }
        FileTrees.delete(spare);
        return Optional.empty();
    }

    /**
     * Empties a finished job's folder, opened by the caller, to a spare's shape and puts it aside:
     * the input folder and one attempt folder (the prepared one if no attempt took it, else the
     * newest) are kept, emptied; everything else goes. The input folder is emptied by the name of
     * the job's {@code source} and a finished run's output folder by the names of its units, where
     * a listing of each took three system calls more: anything someone else put there stays, and
     * keeps the spare from being taken ({@link #takeInto} and {@link #usePrepared} look at what a
     * spare holds). False when the folder lacks a part (the caller deletes it); a failure part way
     * leaves a folder the caller's delete still removes.
     */
    static boolean keep(Confinement confinement, StageFolder stage, OpenFolder folder, String source) throws IOException {
        Path job = stage.jobFolder();
        Spares spares = spares(job.getParent());
        Set<String> names = folder.names();
        String attempt = names.contains(PREPARED_ATTEMPT) ? PREPARED_ATTEMPT
                : names.stream().filter(AttemptFolder::isAttemptName).max(Comparator.comparingInt(Integer::parseInt)).orElse(null);
        if (attempt == null || !names.contains(INPUT) || !names.contains(StageFolder.MARKER)) {
            return false;
        }
        Set<String> kept = Set.of(StageFolder.MARKER, INPUT, attempt);
        folder.deleteEntries(name -> !kept.contains(name));
        try (OpenFolder input = folder.open(INPUT)) {
            if (PathNames.problemWith(source) == null) {
                input.deleteEntry(source);
            } else {
                input.deleteEntries(any -> true);
            }
        }
        try (OpenFolder run = folder.open(attempt)) {
            if (!AttemptFolder.emptyForReuse(run)) {
                return false;
            }
        }
        if (!attempt.equals(PREPARED_ATTEMPT)) {
            folder.rename(attempt, PREPARED_ATTEMPT);
        }
        confinement.ensure(spares.root);
        Files.move(job, spares.root.resolve(stage.jobId()), StandardCopyOption.ATOMIC_MOVE);
        spares.add(stage.jobId());
        return true;
    }

    /**
     * Makes the prepared attempt folder the job's attempt {@code run}, by a rename: true when it
     * was there and is as Conveyor left it (two empty folders). A prepared folder found otherwise
     * is deleted (a link in its place removed, never followed). An attempt folder that exists with anything in
     * it is not replaced: the caller's make fails on it, as a second start of the same attempt must.
     */
    static boolean usePrepared(StageFolder stage, AttemptFolder run) throws IOException {
        // The rename fails on an attempt folder with anything in it, as the one a start of this attempt made has; a job
        // whose folder was made for it has none to take, which is told without an exception.
        if (!Looks.renameIfThere(stage.jobFolder().resolve(PREPARED_ATTEMPT), run.folder())) {
            return false;
        }
        if (run.isEmptyAndNew()) {
            return true;
        }
        // A link or a file put in its place, or a folder someone wrote into: removed, never followed.
        FileTrees.delete(run.folder());
        return false;
    }

    /** Deletes the spares of {@code stageFolder} kept before {@code unusedSince}. */
    static void trim(Path stageFolder, Instant unusedSince) throws IOException {
        Spares spares = spares(stageFolder);
        for (String name = spares.takeOldest(unusedSince); name != null; name = spares.takeOldest(unusedSince)) {
            FileTrees.delete(spares.root.resolve(name));
        }
    }

    /** Its parts' kinds as its listing tells them: by path, each look and listing was a walk and an open of its own. */
    private static boolean hasShapeOfSpare(OpenFolder opened) throws IOException {
        return opened.names().equals(SHAPE) && opened.holdsFile(StageFolder.MARKER) && opened.holdsFolder(PREPARED_ATTEMPT)
                && opened.holdsEmptyFolder(INPUT);
    }

    /**
     * The spares of a stage folder; the first look in this process lists what an earlier one
     * kept, to be used or trimmed like the rest.
     */
    private static Spares spares(Path stageFolder) {
        return BY_STAGE.computeIfAbsent(stageFolder, folder -> {
            Spares spares = new Spares(folder.resolve(FOLDER));
            try (DirectoryStream<Path> found = Files.newDirectoryStream(spares.root)) {
                found.forEach(entry -> spares.add(entry.getFileName().toString()));
            } catch (IOException none) {
                // No spares kept there yet.
            }
            return spares;
        });
    }

    /** A stage folder's spares, newest last: a claim takes the newest, the trim the oldest. */
    private static final class Spares {

        private record Spare(String name, Instant keptAt) {
        }

        private final Path root;
        private final Deque<Spare> kept = new ArrayDeque<>();

        Spares(Path root) {
            this.root = root;
        }

        synchronized void add(String name) {
            kept.addLast(new Spare(name, Instant.now()));
        }

        synchronized String take() {
            Spare newest = kept.pollLast();
            return newest == null ? null : newest.name;
        }

        synchronized String takeOldest(Instant keptBefore) {
            Spare oldest = kept.peekFirst();
            return oldest != null && oldest.keptAt.isBefore(keptBefore) ? kept.pollFirst().name : null;
        }
    }
}
