package dev.conveyor.operation;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A file an operation reads or writes: its content on disk and the name it carries. An output's
 * name is only a wish: Conveyor makes it safe and free before it becomes a result file name.
 */
public record Document(String name, Path path) {

    public static Document of(Path path) {
        return new Document(path.getFileName().toString(), path);
    }

    /**
     * Opens an output document to be written, buffered, as a new file: never one found in its place.
     * {@link OperationContext#newDocument} gives a place where nothing is, so anything there was put
     * by someone who may write into the watched folder while the operation ran; through a link the
     * output would have been written wherever it points, outside the allowed roots too. The open
     * fails instead.
     */
    public OutputStream openNew() throws IOException {
        return new BufferedOutputStream(Files.newOutputStream(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE));
    }
}
