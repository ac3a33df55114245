package dev.conveyor.incontainer;

import dev.conveyor.endpoint.Endpoint;
import dev.conveyor.endpoint.EndpointConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** An endpoint's folders as a user sees them: the files dropped, those in stage, those that landed. */
final class EndpointFiles {

    private EndpointFiles() {
    }

    /** {@code count} files in the endpoint's watched folder, each with its own content. */
    static List<Path> drop(EndpointConfig endpoint, int count) throws IOException {
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String name = "in-" + i + ".txt";
            files.add(Files.writeString(endpoint.folder().resolve(name), "content of " + name));
        }
        return files;
    }

    static List<String> inputsLeft(EndpointConfig endpoint) throws IOException {
        try (Stream<Path> entries = Files.list(endpoint.folder())) {
            return entries.filter(Files::isRegularFile).map(Path::toString).toList();
        }
    }

    /** The names of the files a claim took that are anywhere in the endpoint's stage, sorted, once each time they are there. */
    static List<String> stagedNames(EndpointConfig endpoint) throws IOException {
        Path stage = endpoint.folder().resolve(Endpoint.STAGE_FOLDER);
        if (!Files.isDirectory(stage)) {
            return List.of();
        }
        try (Stream<Path> all = Files.walk(stage)) {
            return all.filter(Files::isRegularFile).map(file -> file.getFileName().toString())
                    .filter(name -> name.startsWith("in-")).sorted().toList();
        }
    }

    static List<String> sourceNames(List<Path> files) {
        return files.stream().map(file -> file.getFileName().toString()).sorted().toList();
    }

    /** Every file under one of the endpoint's folders ({@code result}, {@code preserve}), with its content. */
    static Map<Path, String> filesUnder(EndpointConfig endpoint, String folder) throws IOException {
        Path results = endpoint.folder().resolve(folder);
        if (!Files.isDirectory(results)) {
            return Map.of();
        }
        try (Stream<Path> all = Files.walk(results)) {
            Map<Path, String> found = new TreeMap<>();
            for (Path file : all.filter(Files::isRegularFile).toList()) {
                found.put(file, Files.readString(file));
            }
            return found;
        }
    }

    static Path old(Path path) throws IOException {
        Files.setLastModifiedTime(path, FileTime.from(Instant.now().minus(Duration.ofHours(1))));
        return path;
    }
}
