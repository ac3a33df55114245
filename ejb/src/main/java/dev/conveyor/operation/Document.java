package dev.conveyor.operation;

import dev.conveyor.files.HeldFolder;
import dev.conveyor.files.PinnedFile;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.InputStream;
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

    /**
     * Opens an input document to be read, buffered, no link followed on its way from the job's
     * stage folder ({@link HeldFolder#pin}). A dropped job folder stays its dropper's, who may swap
     * a file in it for a link while the operation runs; read by {@link #path}, the operation would
     * read wherever the link points, a file outside the allowed roots too, and put it in the results.
     * The open fails instead. The built-in operations read their inputs this way, and installed ones should.
     */
    public InputStream openToRead() throws IOException {
        try (PinnedFile pinned = pin()) {
            return new BufferedInputStream(pinned.newInputStream());
        }
    }

    /**
     * The input document opened as {@link #openToRead} opens it, for a library that takes a path or a
     * {@code java.io.File}: it reads the pinned file's path, which reaches that file and nothing else.
     * Close the pin once the library has opened it.
     */
    public PinnedFile pin() throws IOException {
        return HeldFolder.pin(path);
    }
}
