package dev.conveyor.job;

import static dev.conveyor.common.JsonText.JSON;

import dev.conveyor.common.JsonText;
import dev.conveyor.endpoint.Endpoint;
import jakarta.json.JsonString;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Where a claimed job's files live until its results are written:
 * {@code <watched>/stage/<job id>/in/<source>} (a file or a job folder), the operation's scratch
 * space in {@code work/}, and its results in {@code out/}, laid out as they will be in the
 * result folder, with {@code results.json} listing the units to move.
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

    /** How much the results take: what the result folder's volume must hold for them. */
    public long outputBytes() {
        if (!Files.isDirectory(output())) {
            return 0;
        }
        try (Stream<Path> files = Files.walk(output())) {
            return files.filter(Files::isRegularFile).mapToLong(file -> file.toFile().length()).sum();
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
        Files.writeString(jobFolder.resolve("results.json"), array.build().toString(), StandardCharsets.UTF_8);
    }

    /** The units {@link #writeResultUnits} listed; without that list, every entry of the output folder. */
    public List<Path> resultUnits() throws IOException {
        Path list = jobFolder.resolve("results.json");
        if (Files.exists(list)) {
            return JsonText.array(Files.readString(list, StandardCharsets.UTF_8)).getValuesAs(JsonString::getString).stream()
                    .map(Path::of).toList();
        }
        if (!Files.isDirectory(output())) {
            return List.of();
        }
        try (Stream<Path> children = Files.list(output())) {
            return children.map(output()::relativize).sorted().toList();
        }
    }
}
