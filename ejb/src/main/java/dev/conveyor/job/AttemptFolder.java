package dev.conveyor.job;

import static dev.conveyor.common.JsonText.JSON;

import dev.conveyor.common.JsonText;
import dev.conveyor.files.FileTrees;
import dev.conveyor.files.OpenFolder;
import jakarta.json.JsonString;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One attempt's files in its job's stage folder, {@code stage/<job id>/<attempt>/}: the
 * operation's scratch space in {@code work/}, its results in {@code out/}, laid out as they will be
 * in the result folder, and the list of the units to move, made last ({@link #finish}). Each
 * start of a job runs in a folder of its own, and only the folder of the attempt whose outcome
 * was recorded is published: a node still running an attempt the job has left (taken for dead,
 * its job re-queued) writes where nothing is read (see {@link StageFolder#takeOverFinishedRun}).
 */
public record AttemptFolder(Path folder) {

    private static final String RESULT_LIST = "results.json";
    /**
     * How an attempt's folder is named: its number, from 1, as {@link StageFolder#attempt} writes it. Compiled once:
     * {@code String.matches} compiled it for every entry of every finished job's folder.
     */
    private static final Pattern ATTEMPT_NAME = Pattern.compile("[1-9][0-9]{0,8}");
    /** A finished run's list of its units as a folder of hard links to them, named as they are (see {@link #finish}). */
    private static final String FINISHED_UNITS = "finished";

    /** True when {@code name} names an attempt's folder in a job's stage folder. */
    static boolean isAttemptName(String name) {
        return ATTEMPT_NAME.matcher(name).matches();
    }

    /**
     * Makes the attempt's folder with its output and work folders, the shape a prepared attempt
     * folder has (see {@link #emptyForReuse}); an attempt's folder is new, never one found there.
     */
    public AttemptFolder create() throws IOException {
        Files.createDirectory(folder);
        Files.createDirectory(output());
        Files.createDirectory(work());
        return this;
    }

    /**
     * Empties a finished attempt's folder, opened by the caller, to the shape {@link #create}
     * makes, {@code out/} and {@code work/}, for a later job (see {@link SpareStageFolders}):
     * false when it has no output folder to keep. A finished run's list ({@value #FINISHED_UNITS})
     * names what its output folder holds, and {@code out/} is emptied by those names: what else may
     * be there keeps the folder from being taken again ({@link #isEmptyAndNew}). Any other run's
     * output folder is emptied whole; a run that listed its units in {@value #RESULT_LIST} (nested
     * units, an archive's folders) deleted its work folder, which is made anew in the opened
     * folder, so such a job's stage folder is kept too rather than deleted and made again.
     */
    static boolean emptyForReuse(OpenFolder folder) throws IOException {
        Set<String> names = folder.names();
        if (!names.contains("out")) {
            return false;
        }
        String work = names.contains("work") ? "work" : names.contains(FINISHED_UNITS) ? FINISHED_UNITS : null;
        folder.deleteEntries(name -> !name.equals("out") && !name.equals(work));
        Set<String> units = Set.of();
        if (work != null) {
            try (OpenFolder scratch = folder.open(work)) {
                if (work.equals(FINISHED_UNITS)) {
                    units = scratch.names();
                }
                scratch.deleteEntries(any -> true);
            }
        }
        try (OpenFolder output = folder.open("out")) {
            if (FINISHED_UNITS.equals(work)) {
                for (String unit : units) {
                    output.deleteEntry(unit);
                }
            } else {
                output.deleteEntries(any -> true);
            }
        }
        if (work == null) {
            folder.createFolder("work");
        } else if (work.equals(FINISHED_UNITS)) {
            folder.rename(work, "work");
        }
        return true;
    }

    /** True when the folder is one (not a link) holding an empty {@code out/} and an empty {@code work/}, real folders both, and nothing else. */
    boolean isEmptyAndNew() throws IOException {
        try (OpenFolder opened = OpenFolder.open(folder)) {
            return opened.names().equals(Set.of("out", "work")) && opened.holdsEmptyFolder("out") && opened.holdsEmptyFolder("work");
        } catch (NoSuchFileException | NotDirectoryException notAFolder) {
            return false;
        }
    }

    /** The operation's results, named as they will be in the result folder. */
    public Path output() {
        return folder.resolve("out");
    }

    /** The operation's private scratch space. */
    public Path work() {
        return folder.resolve("work");
    }

    /** How many units the run's results are (each one entry in the result folder at most); for flow control. */
    public int resultUnitCount() {
        try {
            return resultUnits().size();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** How much the results take: what the result folder's volume must hold for them. */
    public long outputBytes() {
        try {
            return FileTrees.bytes(output());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Ends a run with the list of its units, the last thing a run makes, so that a list means the
     * output folder is whole; the work folder goes. Where the units are files directly in the
     * output folder, named in order (a job's one result, mostly), and the work folder holds
     * nothing but those units, the list is that folder: each unit gets its name there, by a hard
     * link where it is not there yet, by a rename where the work folder holds it under another
     * name (a document the operation made there was placed by a link and keeps the name the
     * operation gave it, see {@link OutputPlacer#place}; its unit's name is that name made safe,
     * which differs for a space, a second dot or a letter beyond ASCII), then the folder is renamed
     * to {@value #FINISHED_UNITS} in one step. That makes no new file where {@value #RESULT_LIST}
     * made one per job, on a volume where each new file was the costliest step of a small file's
     * way (docs/benchmarks.md); the links keep the list whole while the units leave {@code out/};
     * and the job's stage folder can be kept for a later job ({@link #emptyForReuse}).
     */
    public void finish(List<Path> units) throws IOException {
        Optional<WorkAsList> asList = workAsList(units);
        if (asList.isPresent()) {
            for (var renamed : asList.get().toRename().entrySet()) {
                Files.move(work().resolve(renamed.getKey()), work().resolve(renamed.getValue()), StandardCopyOption.ATOMIC_MOVE);
            }
            for (Path unit : asList.get().toLink()) {
                Files.createLink(work().resolve(unit), output().resolve(unit));
            }
            Files.move(work(), folder.resolve(FINISHED_UNITS), StandardCopyOption.ATOMIC_MOVE);
            return;
        }
        writeResultUnits(units);
        ResultFiles.deleteTree(work());
    }

    /**
     * How the work folder becomes the run's list: the units to link into it, and which of its
     * entries to rename to which unit (each entry the same file as its unit).
     */
    private record WorkAsList(List<Path> toLink, Map<String, Path> toRename) {
    }

    /**
     * How the work folder becomes the run's list; empty when it cannot become one: a unit nested
     * or not a file, the units out of name order, or anything in the work folder but a unit under
     * its own name or another (the same file as the unit, not only the same name).
     */
    private Optional<WorkAsList> workAsList(List<Path> units) throws IOException {
        Optional<List<String>> work = units.equals(units.stream().sorted().toList()) ? FileTrees.entryNamesIfFolder(work()) : Optional.empty();
        if (work.isEmpty()) {
            return Optional.empty();
        }
        Set<String> inWork = new HashSet<>(work.get());
        Map<Path, Object> notInWork = new LinkedHashMap<>();
        for (Path unit : units) {
            if (unit.getNameCount() != 1) {
                return Optional.empty();
            }
            BasicFileAttributes placed = ResultFiles.lookAt(output().resolve(unit));
            if (placed == null || !placed.isRegularFile()) {
                return Optional.empty();
            }
            if (!inWork.remove(unit.toString())) {
                notInWork.put(unit, placed.fileKey());
            } else if (placed.fileKey() == null || !isFile(work().resolve(unit), placed.fileKey())) {
                return Optional.empty();
            }
        }
        Map<String, Path> toRename = new HashMap<>();
        for (String other : inWork) {
            Optional<Path> unit = unitOf(other, notInWork);
            if (unit.isEmpty()) {
                return Optional.empty();
            }
            notInWork.remove(unit.get());
            toRename.put(other, unit.get());
        }
        return Optional.of(new WorkAsList(List.copyOf(notInWork.keySet()), toRename));
    }

    /** The unit of {@code units} (each with its file's key) that the work folder's entry {@code name} is, not following a link. */
    private Optional<Path> unitOf(String name, Map<Path, Object> units) throws IOException {
        BasicFileAttributes look = ResultFiles.lookAt(work().resolve(name));
        if (look == null || !look.isRegularFile() || look.fileKey() == null) {
            return Optional.empty();
        }
        return units.entrySet().stream().filter(unit -> look.fileKey().equals(unit.getValue())).map(Map.Entry::getKey).findFirst();
    }

    /** True when {@code path} names the file {@code fileKey} tells, not following a link. */
    private static boolean isFile(Path path, Object fileKey) throws IOException {
        BasicFileAttributes look = ResultFiles.lookAt(path);
        return look != null && fileKey.equals(look.fileKey());
    }

    /**
     * How many names the run gave each of its units in this folder: its place in {@code out/}, and
     * its link in the list where the list is a folder of links ({@value #FINISHED_UNITS}).
     */
    public int namesOfEachUnit() {
        return Files.isDirectory(folder.resolve(FINISHED_UNITS), LinkOption.NOFOLLOW_LINKS) ? 2 : 1;
    }

    public void writeResultUnits(List<Path> units) throws IOException {
        var array = JSON.createArrayBuilder();
        units.forEach(unit -> array.add(unit.toString()));
        Path list = folder.resolve(RESULT_LIST);
        // A new file, never one found there: a hard link a dropper put in its place would have another file overwritten.
        // Until it is written whole, the run counts as unfinished, as a list cut short by a crash does.
        Files.deleteIfExists(list);
        Files.writeString(list, array.build().toString(), StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    }

    /**
     * The units a finished run of the operation listed ({@link #finish}, the last thing a run
     * makes, so its list means the output folder is whole); empty when no run finished. A list
     * cut short by a crash does not parse, and counts as none; a folder of links is whole once it
     * has its name.
     */
    public Optional<List<Path>> finishedRun() throws IOException {
        Optional<List<String>> linked = FileTrees.entryNamesIfFolder(folder.resolve(FINISHED_UNITS));
        if (linked.isPresent()) {
            return Optional.of(linked.get().stream().map(Path::of).sorted().toList());
        }
        Path written = folder.resolve(RESULT_LIST);
        BasicFileAttributes look = ResultFiles.lookAt(written);
        if (look == null || !look.isRegularFile()) {
            // None, or a link or a pipe a dropper put there, which Conveyor never writes: read through, a pipe would hold
            // the reader until someone wrote into it.
            return Optional.empty();
        }
        String list;
        try (InputStream in = Files.newInputStream(written, LinkOption.NOFOLLOW_LINKS)) {
            list = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (NoSuchFileException gone) {
            return Optional.empty();
        }
        try {
            return Optional.of(JsonText.array(list).getValuesAs(JsonString::getString).stream().map(Path::of).toList());
        } catch (RuntimeException cutShort) {
            return Optional.empty();
        }
    }

    /** The units a finished run listed; without a list, every entry of the output folder. */
    public List<Path> resultUnits() throws IOException {
        Optional<List<Path>> listed = finishedRun();
        if (listed.isPresent()) {
            return listed.get();
        }
        return FileTrees.entryNamesIfFolder(output()).orElse(List.of()).stream().map(Path::of).sorted().toList();
    }
}
