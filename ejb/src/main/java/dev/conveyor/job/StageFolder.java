package dev.conveyor.job;

import static dev.conveyor.common.JsonText.JSON;

import dev.conveyor.common.JsonText;
import dev.conveyor.endpoint.Endpoint;
import dev.conveyor.files.Confinement;
import jakarta.json.JsonString;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Where a claimed job's files live until its results are written:
 * {@code <watched>/stage/<job id>/in/<source>} (a file or a job folder), the operation's scratch
 * space in {@code work/}, and its results in {@code out/}, laid out as they will be in the
 * result folder, with {@code results.json} listing the units to move.
 * One folder per job keeps jobs apart and makes cleaning up one job one delete.
 * <p>
 * Each folder Conveyor makes in a stage folder holds a marker, {@value #MARKER}, naming the
 * folder: the recovery pass returns or deletes only what carries its marker, never what someone
 * else put there.
 */
public record StageFolder(Path jobFolder) {

    /** The file that proves Conveyor made a stage folder: it holds the folder's own name (the job id). */
    public static final String MARKER = "conveyor-stage.id";

    /**
     * Marks a stage folder whose input Conveyor wrote itself (a submitted document, a retried job's
     * kept source) before its job row exists: the original stays with its sender, so if the job
     * never commits, the folder is deleted, not returned to the input folder as a claimed file is
     * (that would make a second job when the sender submits again).
     */
    public static final String COPY_MARKER = "conveyor-copy";

    public static StageFolder of(Path watchedFolder, String jobId) {
        return new StageFolder(watchedFolder.resolve(Endpoint.STAGE_FOLDER).resolve(jobId));
    }

    /**
     * Makes the job's folder and its {@code in} folder, checked by {@code confinement} on the way
     * (no link anywhere below the root), with the marker; a folder made earlier is reused.
     */
    public StageFolder create(Confinement confinement) throws IOException {
        createMarked(confinement, jobFolder);
        confinement.ensure(jobFolder.resolve("in"));
        return this;
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
        List<Path> children;
        try (Stream<Path> listed = Files.list(jobFolder)) {
            children = listed.toList();
        } catch (NoSuchFileException gone) {
            // Another remover was quicker (a job's writer and the recovery pass may meet here).
            return;
        }
        for (Path child : children) {
            if (!child.getFileName().toString().equals(MARKER)) {
                ResultFiles.deleteTree(child);
            }
        }
        Files.deleteIfExists(jobFolder.resolve(MARKER));
        Files.deleteIfExists(jobFolder);
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
     * Settles a folder whose job never committed (recovery has checked the marker and that no job
     * row names it): a claimed original goes back to {@code inputFolder}, to be claimed again; a
     * copy Conveyor wrote is dropped, its sender still holding the original. Then the folder goes.
     * Returns how many entries went back.
     */
    int settleOrphan(Path inputFolder) throws IOException {
        int returned = 0;
        Path in = jobFolder.resolve("in");
        // Never through a link: one in place of 'in' would bring files from anywhere into the input folder.
        if (!holdsCopy() && Files.isDirectory(in, LinkOption.NOFOLLOW_LINKS)) {
            try (Stream<Path> entries = Files.list(in)) {
                for (Path entry : entries.toList()) {
                    ResultFiles.returnInto(entry, inputFolder);
                    returned++;
                }
            }
        }
        delete();
        return returned;
    }

    /** The job id this folder is named after. */
    public String jobId() {
        return jobFolder.getFileName().toString();
    }

    /** Checks, before the job's files are used, that its folder is still the one Conveyor made there. */
    public StageFolder verify(Confinement confinement) throws IOException {
        confinement.check(jobFolder);
        if (Files.exists(jobFolder, LinkOption.NOFOLLOW_LINKS) && !isMarked(jobFolder)) {
            throw new IOException("stage folder " + jobFolder + " lacks the marker " + MARKER + " Conveyor writes into every "
                    + "stage folder it makes; it is left as it is");
        }
        return this;
    }

    /** Makes a folder of the stage folder (checked on the way) holding the marker with the folder's name. */
    public static Path createMarked(Confinement confinement, Path folder) throws IOException {
        confinement.ensure(folder);
        if (!isMarked(folder)) {
            Files.writeString(folder.resolve(MARKER), folder.getFileName().toString(), StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE,
                    LinkOption.NOFOLLOW_LINKS);
        }
        return folder;
    }

    /** True when the folder holds the marker (a plain file, not a link) naming this very folder. */
    public static boolean isMarked(Path folder) throws IOException {
        Path marker = folder.resolve(MARKER);
        return Files.isRegularFile(marker, LinkOption.NOFOLLOW_LINKS) && Files.size(marker) < 256
                && Files.readString(marker, StandardCharsets.UTF_8).equals(folder.getFileName().toString());
    }

    public Path input(String sourceName) {
        return jobFolder.resolve("in").resolve(sourceName);
    }

    /** The operation's results, named as they will be in the result folder. */
    public Path output() {
        return jobFolder.resolve("out");
    }

    /** How much the results take: what the result folder's volume must hold for them. */
    public long outputBytes() {
        if (!Files.isDirectory(output(), LinkOption.NOFOLLOW_LINKS)) {
            return 0;
        }
        try (Stream<Path> files = Files.walk(output())) {
            return files.filter(file -> Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)).mapToLong(file -> file.toFile().length()).sum();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The operation's private scratch space. */
    public Path work() {
        return jobFolder.resolve("work");
    }

    public void writeResultUnits(List<Path> units) throws IOException {
        var array = JSON.createArrayBuilder();
        units.forEach(unit -> array.add(unit.toString()));
        Files.writeString(jobFolder.resolve("results.json"), array.build().toString(), StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
    }

    /**
     * The units a finished run of the operation listed ({@link #writeResultUnits}, the last thing
     * a run writes, so its list means the output folder is whole); empty when no run finished. A
     * list cut short by a crash does not parse, and counts as none.
     */
    public Optional<List<Path>> finishedRun() throws IOException {
        String list;
        try {
            list = Files.readString(jobFolder.resolve("results.json"), StandardCharsets.UTF_8);
        } catch (NoSuchFileException none) {
            return Optional.empty();
        }
        try {
            return Optional.of(JsonText.array(list).getValuesAs(JsonString::getString).stream().map(Path::of).toList());
        } catch (RuntimeException cutShort) {
            return Optional.empty();
        }
    }

    /** The units {@link #writeResultUnits} listed; without that list, every entry of the output folder. */
    public List<Path> resultUnits() throws IOException {
        Optional<List<Path>> listed = finishedRun();
        if (listed.isPresent()) {
            return listed.get();
        }
        if (!Files.isDirectory(output(), LinkOption.NOFOLLOW_LINKS)) {
            return List.of();
        }
        try (Stream<Path> children = Files.list(output())) {
            return children.map(output()::relativize).sorted().toList();
        }
    }
}
