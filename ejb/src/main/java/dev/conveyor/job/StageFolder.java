package dev.conveyor.job;

import dev.conveyor.endpoint.Endpoint;
import dev.conveyor.files.Confinement;
import dev.conveyor.files.FileTrees;
import dev.conveyor.files.Looks;
import dev.conveyor.files.OpenFolder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Where a claimed job's files live until its results are written:
 * {@code <watched>/stage/<job id>/in/<source>} (a file or a job folder), read by every attempt,
 * and each attempt's own work and results in {@code <attempt>/} ({@link AttemptFolder}).
 * One folder per job keeps jobs apart; a finished job's folder is emptied and kept for a later
 * claim ({@link SpareStageFolders}) rather than deleted.
 * <p>
 * Each folder Conveyor makes in a stage folder holds a marker, {@value #MARKER}, naming the
 * folder: the recovery pass adopts or deletes only what carries its marker, never what someone
 * else put there.
 */
public record StageFolder(Path jobFolder) {

    /** The file that proves Conveyor made a stage folder: it holds the folder's own name (the job id). */
    public static final String MARKER = "conveyor-stage.id";

    /**
     * Marks a stage folder whose input Conveyor wrote itself (a submitted document, a retried job's
     * kept source) before its job row exists: the original stays with its sender, so if the job
     * never commits, the folder is deleted, where a claimed file gets its job made by the recovery
     * pass (a job made here too would be a second one when the sender submits again).
     */
    public static final String COPY_MARKER = "conveyor-copy";

    /**
     * How the name of a folder watch's catch-up mark begins: an empty file a scan creates in the
     * stage folder and deletes at once; one a crash left there is removed by the recovery pass.
     */
    public static final String EVENTS_MARK_PREFIX = "conveyor-events-";

    /** True for an empty regular file named as a catch-up mark ({@link #EVENTS_MARK_PREFIX}). */
    public static boolean isEventsMark(Path entry) throws IOException {
        return entry.getFileName().toString().startsWith(EVENTS_MARK_PREFIX) && Files.isRegularFile(entry, LinkOption.NOFOLLOW_LINKS)
                && Files.size(entry) == 0;
    }

    public static StageFolder of(Path watchedFolder, String jobId) {
        return new StageFolder(watchedFolder.resolve(Endpoint.STAGE_FOLDER).resolve(jobId));
    }

    /**
     * Makes the job's folder and its {@code in} folder, checked by {@code confinement} on the way
     * (no link anywhere below the root), with the marker; a folder made earlier is reused.
     */
    public StageFolder create(Confinement confinement) throws IOException {
        if (!SpareStageFolders.takeInto(confinement, jobFolder) && !createNew(confinement)) {
            createMarked(confinement, jobFolder);
            confinement.ensure(jobFolder.resolve("in"));
        }
        return this;
    }

    /**
     * Makes the job's folder below its checked stage folder, then the marker and {@code in} in it,
     * with no look first at what a new job id never finds there (each look at a missing name
     * costs an exception): false, with nothing made, when the folder exists already.
     */
    private boolean createNew(Confinement confinement) throws IOException {
        confinement.ensure(jobFolder.getParent());
        try {
            Files.createDirectory(jobFolder);
        } catch (FileAlreadyExistsException madeEarlier) {
            return false;
        }
        writeNew(jobFolder.resolve(MARKER), jobId());
        Files.createDirectory(jobFolder.resolve("in"));
        return true;
    }

    /**
     * Takes a dropped file or job folder into this job's {@code in} folder in one rename, after
     * checking it is no link and lies below a root. Of claimers racing for one entry (threads,
     * nodes) exactly one moves it; the others get an IOException, the entry being gone, and make
     * no job. Returns where the entry is now.
     */
    public Path claim(Confinement confinement, Path entry) throws IOException {
        Confinement.requireNoLink(entry);
        confinement.check(entry.getParent());
        return Files.move(entry, create(confinement).input(entry.getFileName().toString()), StandardCopyOption.ATOMIC_MOVE);
    }

    /**
     * Makes the job's folders for an input Conveyor writes into {@link #input} itself, marked with
     * {@value #COPY_MARKER} before anything is written there.
     */
    public StageFolder createForCopy(Confinement confinement) throws IOException {
        create(confinement);
        Files.write(jobFolder.resolve(COPY_MARKER), new byte[0], StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        return this;
    }

    /** True when the input is a copy Conveyor wrote (see {@link #COPY_MARKER}), not a claimed original. */
    public boolean holdsCopy() {
        return Files.isRegularFile(jobFolder.resolve(COPY_MARKER), LinkOption.NOFOLLOW_LINKS);
    }

    /**
     * Deletes the folder with everything in it, links removed, never followed; the marker goes
     * last, so a delete cut short by a crash leaves a folder recovery still knows as Conveyor's and
     * finishes deleting.
     */
    public void delete() throws IOException {
        if (!Files.isDirectory(jobFolder, LinkOption.NOFOLLOW_LINKS)) {
            // Absent, or something put in its place (a link is removed itself, never listed through).
            Files.deleteIfExists(jobFolder);
            return;
        }
        // What is gone meanwhile counts as deleted: a job's writer and the recovery pass may meet here.
        FileTrees.deleteEntries(jobFolder, name -> !name.equals(MARKER));
        Files.deleteIfExists(jobFolder.resolve(MARKER));
        Files.deleteIfExists(jobFolder);
    }

    /**
     * Ends the folder of a job whose end is committed: kept, emptied, for a later claim where it
     * can be ({@link SpareStageFolders}), else deleted as {@link #delete} does. Nothing happens
     * when it is gone already. It is opened once, checked on the way as {@link #verify} checks it
     * (where no link is on the whole path, the check is the open: no instant between them for a
     * swap), and emptied relative to that open folder; {@code source} is the job's source as it
     * was staged, removed by its name.
     *
     * @throws IOException as {@link #verify} refuses the folder: it is left as it is
     */
    public void clear(Confinement confinement, String source) throws IOException {
        OpenFolder folder;
        try {
            folder = confinement.openChecked(jobFolder);
        } catch (NoSuchFileException gone) {
            return;
        }
        try (folder) {
            if (!folder.holdsExactly(MARKER, markerText(jobFolder))) {
                throw unmarked();
            }
            try {
                if (SpareStageFolders.keep(confinement, this, folder, source)) {
                    return;
                }
            } catch (IOException notKept) {
                // Whatever is left of it goes, as a finished job's folder always did.
            }
        }
        delete();
    }

    /**
     * True for what a crash leaves between making a job's folder and writing its marker: the
     * folder empty, or holding nothing but the marker, still empty.
     */
    public static boolean isUnfinishedMaking(Path folder) throws IOException {
        try (Stream<Path> children = Files.list(folder)) {
            for (Path child : children.toList()) {
                boolean emptyMarker = child.getFileName().toString().equals(MARKER)
                        && Files.isRegularFile(child, LinkOption.NOFOLLOW_LINKS) && Files.size(child) == 0;
                if (!emptyMarker) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * What the {@code in} folder holds (the file or job folder a claim moved there); none when
     * there is no {@code in} folder, or a link in its place, which is never listed through.
     */
    List<Path> inputs() throws IOException {
        Path in = jobFolder.resolve("in");
        if (!Files.isDirectory(in, LinkOption.NOFOLLOW_LINKS)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(in)) {
            return entries.toList();
        }
    }

    /** The job id this folder is named after. */
    public String jobId() {
        return jobFolder.getFileName().toString();
    }

    /** Checks, before the job's files are used, that its folder is still the one Conveyor made there. */
    public StageFolder verify(Confinement confinement) throws IOException {
        return verify(confinement, jobFolder);
    }

    /**
     * {@link #verify(Confinement)}, with the check of links going on down to {@code below}, a folder
     * in the job's folder about to be used: one walk for both.
     */
    public StageFolder verify(Confinement confinement, Path below) throws IOException {
        confinement.check(below);
        // Asked in this order, a marked folder costs no look whether it is there.
        if (!isMarked(jobFolder) && Files.exists(jobFolder, LinkOption.NOFOLLOW_LINKS)) {
            throw unmarked();
        }
        return this;
    }

    private IOException unmarked() {
        return new IOException("stage folder " + jobFolder + " lacks the marker " + MARKER + " Conveyor writes into every "
                + "stage folder it makes; it is left as it is");
    }

    /** Makes a folder of the stage folder (checked on the way) holding the marker with the folder's name. */
    public static Path createMarked(Confinement confinement, Path folder) throws IOException {
        confinement.ensure(folder);
        if (!isMarked(folder)) {
            Path marker = folder.resolve(MARKER);
            try {
                writeNew(marker, folder.getFileName().toString());
            } catch (FileAlreadyExistsException notItsMarker) {
                // Never written into: a pipe there would hold the writer, a hard link would have another file overwritten.
                Files.delete(marker);
                writeNew(marker, folder.getFileName().toString());
            }
        }
        return folder;
    }

    private static void writeNew(Path file, String text) throws IOException {
        Files.writeString(file, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    }

    /**
     * When the marked {@code folder} was claimed: its marker's time. The marker is written when a
     * claim makes the folder and when a claim takes a kept one ({@link SpareStageFolders}), and
     * never after. A kept folder renamed into place keeps the time it was emptied at; dating it
     * anew took four more system calls a claim.
     */
    public static Instant claimedAt(Path folder) throws IOException {
        return Files.getLastModifiedTime(folder.resolve(MARKER), LinkOption.NOFOLLOW_LINKS).toInstant();
    }

    /**
     * True when the folder holds the marker (a plain file, not a link) naming this very folder.
     * Asked several times on every job's way, in as few system calls as it can be
     * ({@link Looks#holdsExactly}).
     */
    public static boolean isMarked(Path folder) throws IOException {
        return Looks.holdsExactly(folder.resolve(MARKER), markerText(folder));
    }

    /** What the marker of {@code folder} holds when Conveyor wrote it: the folder's own name, in UTF-8 ({@link #writeNew}). */
    static byte[] markerText(Path folder) {
        return folder.getFileName().toString().getBytes(StandardCharsets.UTF_8);
    }

    public Path input(String sourceName) {
        return jobFolder.resolve("in").resolve(sourceName);
    }

    /** Where a failed or expired job's folder (its log, its source) is built before it is moved out whole. */
    Path unfinished() {
        return jobFolder.resolve("unfinished");
    }

    /**
     * Makes the folder of the job's attempt {@code attempt}: the prepared one of a reused folder
     * if it has one (see {@link SpareStageFolders#usePrepared}), else a new one. Either way it
     * fails when the attempt's folder exists, as a second start of one attempt must.
     */
    public AttemptFolder startAttempt(int attempt) throws IOException {
        AttemptFolder run = attempt(attempt);
        return SpareStageFolders.usePrepared(this, run) ? run : run.create();
    }

    /**
     * What a start of attempt {@code attempt} does with that attempt's folder when it finds one
     * there already. Only a quick run ({@link JobRunner#runQuickly}) makes it before the start is
     * committed, so it is the folder of such a run that did not commit (its worker crashed, or its
     * transaction was undone), and no one writes into it any more. With {@code reuse}, a run that
     * finished there is taken over as {@link #takeOverFinishedRun} takes one over: true, and the
     * operation is not run again. Otherwise the folder is deleted, for the start to make it anew.
     */
    public boolean takeOverUncommittedRun(int attempt, boolean reuse) throws IOException {
        AttemptFolder run = attempt(attempt);
        if (reuse && run.finishedRun().isPresent()) {
            return true;
        }
        ResultFiles.deleteTree(run.folder());
        return false;
    }

    /** The folders of the job's attempt {@code attempt} (counted from 1), each start's own. */
    public AttemptFolder attempt(int attempt) {
        return new AttemptFolder(jobFolder.resolve(Integer.toString(attempt)));
    }

    /**
     * The run to publish for a job whose outcome was recorded in attempt {@code attempt}: that
     * attempt's folder. A job staged by a version before per-attempt folders has its run directly
     * in its own folder ({@code out/}, {@code results.json}) and no attempt folder: that is the one,
     * so jobs an upgrade finds between their run and their write still publish their results.
     */
    public AttemptFolder recordedRun(int attempt) {
        AttemptFolder own = attempt(attempt);
        boolean fromBefore = !Files.exists(own.folder(), LinkOption.NOFOLLOW_LINKS)
                && Files.isDirectory(jobFolder.resolve("out"), LinkOption.NOFOLLOW_LINKS);
        return fromBefore ? new AttemptFolder(jobFolder) : own;
    }

    /**
     * What a later attempt does with the earlier attempts' folders before it runs. With
     * {@code reuse}, the newest finished run among them (see {@link AttemptFolder#finishedRun})
     * becomes this attempt's: its folder is renamed to this attempt's in one step, so what is
     * published is what that run made, and the node that made it, should it still be running,
     * finds its own folder gone and can change nothing of it. Every other earlier folder is
     * deleted, as far as it can be: a node still running that attempt may be writing into it, and
     * what it leaves goes with the job's folder. True when a finished run was taken over.
     */
    public boolean takeOverFinishedRun(int attempt, boolean reuse) throws IOException {
        List<Integer> earlier = FileTrees.entryNames(jobFolder).stream().filter(AttemptFolder::isAttemptName)
                .map(Integer::valueOf).filter(number -> number < attempt).sorted(Comparator.reverseOrder()).toList();
        boolean takenOver = false;
        for (int number : earlier) {
            AttemptFolder run = attempt(number);
            if (reuse && !takenOver && run.finishedRun().isPresent()) {
                Files.move(run.folder(), attempt(attempt).folder(), StandardCopyOption.ATOMIC_MOVE);
                takenOver = true;
            } else {
                try {
                    ResultFiles.deleteTree(run.folder());
                } catch (DirectoryNotEmptyException stillWritten) {
                    // A late node wrote into it meanwhile: nothing reads that folder, and it goes with the job's.
                }
            }
        }
        return takenOver;
    }
}
