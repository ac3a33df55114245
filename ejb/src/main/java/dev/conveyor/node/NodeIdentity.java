package dev.conveyor.node;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * A node's id, kept in its own data folder ({@value #FILE}) so that the node is the same one after
 * a restart: the jobs its previous start left RUNNING or WRITING are then recognisably its own, and
 * it takes them back at once instead of waiting for its old id's heartbeat to age. The file stays
 * locked (an OS file lock) for the life of the process, so two live processes never share an id:
 * a process that finds the file locked takes a new id for its life and leaves the file alone. The
 * file names the host and the folder it was written for; a folder copied elsewhere (another path,
 * another machine) makes a new id there, so a copy never runs under its original's id. Plain Java,
 * so the rules stay testable.
 */
public final class NodeIdentity implements AutoCloseable {

    /** The file in the node's data folder: the id, the host and the folder it belongs to, one a line. */
    public static final String FILE = "conveyor-node-id";

    /** How the id came about, as the start-up log tells it. */
    public enum Origin {
        /** Read from the file: the node's previous start had it. */
        KEPT,
        /** None was there (or it belonged to another host or folder): a new one, written to the file. */
        NEW,
        /** The file is locked by another live process, or cannot be used: a new id for this process alone. */
        NOT_KEPT
    }

    private final String id;
    private final Origin origin;
    private final String why;
    private final FileChannel lockedFile;

    private NodeIdentity(String id, Origin origin, String why, FileChannel lockedFile) {
        this.id = id;
        this.origin = origin;
        this.why = why;
        this.lockedFile = lockedFile;
    }

    /** The id of a process without a data folder of its own: new, kept nowhere. */
    public static NodeIdentity unkept(String why) {
        return new NodeIdentity(UUID.randomUUID().toString(), Origin.NOT_KEPT, why, null);
    }

    /** Takes the id kept in {@code folder} for {@code host}, or makes and keeps one; holds the file's lock until {@link #close}. */
    public static NodeIdentity take(Path folder, String host) {
        return take(folder, host, () -> UUID.randomUUID().toString());
    }

    static NodeIdentity take(Path folder, String host, Supplier<String> newId) {
        Path file = folder.toAbsolutePath().normalize().resolve(FILE);
        FileChannel channel;
        try {
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
        } catch (IOException e) {
            return new NodeIdentity(newId.get(), Origin.NOT_KEPT, file + " cannot be opened (" + e + ")", null);
        }
        try {
            FileLock lock = lockOrNull(channel);
            if (lock == null) {
                channel.close();
                return new NodeIdentity(newId.get(), Origin.NOT_KEPT, file + " is held by another live process", null);
            }
            String owner = host + "\n" + file.getParent();
            List<String> lines = read(channel).lines().toList();
            if (lines.size() == 3 && !lines.get(0).isBlank() && owner.equals(lines.get(1) + "\n" + lines.get(2))) {
                return new NodeIdentity(lines.get(0), Origin.KEPT, "kept in " + file, channel);
            }
            String id = newId.get();
            write(channel, id + "\n" + owner + "\n");
            return new NodeIdentity(id, Origin.NEW, (lines.isEmpty() ? "none was kept yet" : file + " was written for "
                    + String.join(":", lines.subList(1, lines.size())) + ", not for " + host + ":" + file.getParent())
                    + "; kept in " + file + " from now on", channel);
        } catch (IOException | UncheckedIOException e) {
            closeQuietly(channel);
            return new NodeIdentity(newId.get(), Origin.NOT_KEPT, file + " cannot be read or written (" + e + ")", null);
        }
    }

    /** The file's lock, or null when another process holds it (or this one does, through another channel: a second start in one JVM). */
    private static FileLock lockOrNull(FileChannel channel) throws IOException {
        try {
            return channel.tryLock();
        } catch (OverlappingFileLockException heldInThisProcess) {
            return null;
        }
    }

    private static String read(FileChannel channel) throws IOException {
        ByteBuffer content = ByteBuffer.allocate((int) Math.min(channel.size(), 4096));
        channel.read(content, 0);
        return new String(content.array(), 0, content.position(), StandardCharsets.UTF_8);
    }

    private static void write(FileChannel channel, String content) throws IOException {
        channel.truncate(0);
        channel.write(ByteBuffer.wrap(content.getBytes(StandardCharsets.UTF_8)), 0);
        channel.force(true);
    }

    private static void closeQuietly(FileChannel channel) {
        try {
            channel.close();
        } catch (IOException ignored) {
            // Nothing was kept through it; the new id does not depend on it.
        }
    }

    public String id() {
        return id;
    }

    public Origin origin() {
        return origin;
    }

    /** Where the id comes from, or why it is not kept. */
    public String why() {
        return why;
    }

    /** Lets go of the file (its lock goes with the channel): a later start, in this process or another, takes the id. */
    @Override
    public void close() {
        if (lockedFile != null) {
            closeQuietly(lockedFile);
        }
    }
}
