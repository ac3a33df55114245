package dev.conveyor.files;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A file opened to be read, no link followed on the way ({@link HeldFolder#pin}), and named by a
 * path that reads that very file: Linux's name for the open file ({@code /proc/<pid>/fd/<n>}),
 * for the libraries that take a path or a {@code java.io.File} (PDFBox, ImageIO, ZipFile). Whatever
 * is renamed or swapped in its folder afterwards, the path keeps reaching the file that was opened.
 * Close it once the library has opened the path itself: what it opened stays readable.
 */
public final class PinnedFile implements AutoCloseable {

    private final Path path;
    private final int descriptor;
    private final AtomicBoolean closed = new AtomicBoolean();

    PinnedFile(Path path, int descriptor) {
        this.path = path;
        this.descriptor = descriptor;
    }

    /** The path that reads the pinned file. */
    public Path path() {
        return path;
    }

    /** A stream of the pinned file's bytes, readable after this pin is closed. */
    public InputStream newInputStream() throws IOException {
        return Files.newInputStream(path);
    }

    /** Lets the file go; a second call changes nothing (closing the number again could close another file's). */
    @Override
    public void close() {
        if (descriptor >= 0 && closed.compareAndSet(false, true)) {
            Descriptors.close(descriptor);
        }
    }
}
