package dev.conveyor.job;

import static dev.conveyor.common.JsonText.JSON;

import dev.conveyor.common.JsonText;
import jakarta.json.JsonString;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * One attempt's files in its job's stage folder, {@code stage/<job id>/<attempt>/}: the
 * operation's scratch space in {@code work/}, its results in {@code out/}, laid out as they will be
 * in the result folder, and {@code results.json} listing the units to move, written last. Each
 * start of a job runs in a folder of its own, and only the folder of the attempt whose outcome
 * was recorded is published: a node still running an attempt the job has left (taken for dead,
 * its job re-queued) writes where nothing is read (see {@link StageFolder#takeOverFinishedRun}).
 */
public record AttemptFolder(Path folder) {

    private static final String RESULT_LIST = "results.json";

    /** Makes the attempt's folder and its output folder; an attempt's folder is new, never one found there. */
    public AttemptFolder create() throws IOException {
        Files.createDirectory(folder);
        Files.createDirectory(output());
        return this;
    }

    /** The operation's results, named as they will be in the result folder. */
    public Path output() {
        return folder.resolve("out");
    }

    /** The operation's private scratch space. */
    public Path work() {
        return folder.resolve("work");
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

    public void writeResultUnits(List<Path> units) throws IOException {
        var array = JSON.createArrayBuilder();
        units.forEach(unit -> array.add(unit.toString()));
        Files.writeString(folder.resolve(RESULT_LIST), array.build().toString(), StandardCharsets.UTF_8,
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
            list = Files.readString(folder.resolve(RESULT_LIST), StandardCharsets.UTF_8);
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
