package dev.conveyor.operation;

import java.nio.file.Path;

/**
 * A file an operation reads or writes: its content on disk and the name it carries. An output's
 * name is only a wish: Conveyor makes it safe and free before it becomes a result file name.
 */
public record Document(String name, Path path) {

    public static Document of(Path path) {
        return new Document(path.getFileName().toString(), path);
    }
}
