package dev.conveyor.job;

import dev.conveyor.files.Confinement;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The failure.log or expired.log of a job, read for the API (viewers may read it). The log lies
 * in a folder droppers may write into, so it is opened through {@link Confinement#openWritten}:
 * a link or another file in its place is refused, never read. A log is short, but what is read
 * is capped all the same, so a huge file there cannot fill the heap.
 */
final class EndLog {

    /** At most this much of a log is shown: 1 MiB, far more than Conveyor writes. */
    static final int MAX_BYTES = 1 << 20;

    private EndLog() {
    }

    /**
     * The text of the first log among a job's results (paths relative to its watched folder, as
     * recorded), or empty when it has none inside the watched folder or the log is gone.
     *
     * @throws dev.conveyor.files.UnsafeFolderException when the log or its folder is not as Conveyor wrote it
     */
    static Optional<String> read(Confinement confinement, Path watched, List<String> results) throws IOException {
        for (String result : results) {
            Path log = watched.resolve(result).normalize();
            String name = log.getFileName().toString();
            boolean isLog = name.equals(ResultPublisher.FAILURE_LOG) || name.equals(ResultPublisher.EXPIRED_LOG);
            if (isLog && log.startsWith(watched) && !log.equals(watched)) {
                try (InputStream in = confinement.openWritten(log)) {
                    byte[] head = in.readNBytes(MAX_BYTES);
                    String text = new String(head, StandardCharsets.UTF_8);
                    return Optional.of(in.read() == -1 ? text
                            : text + "\n[the log goes on past " + MAX_BYTES + " bytes; read the rest in " + log + "]\n");
                } catch (NoSuchFileException removed) {
                    return Optional.empty();
                }
            }
        }
        return Optional.empty();
    }
}
