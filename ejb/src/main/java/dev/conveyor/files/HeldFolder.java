package dev.conveyor.files;

import com.sun.jna.LastErrorException;
import dev.conveyor.common.MessageId;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A folder below an allowed root held open while work is done in it, so that no folder above it
 * swapped for a link can redirect that work. It is opened from its root one name at a time, no
 * name below the root a link (openat(2) with O_NOFOLLOW: the check and the open are one step, with
 * no instant between them for a swap), and used through {@link #path}, the name Linux gives the
 * open folder ({@code /proc/<pid>/fd/<n>}): whatever is renamed above it afterwards, a path
 * through that name reaches the very folder that was opened. Java's file API, and the operations
 * that take paths, work there unchanged; a child process the work starts reaches it too.
 * <p>
 * Where folders cannot be held open ({@link Descriptors#UNAVAILABLE}), the folder is checked as
 * {@link Confinement#check} checks it and used by its path, as before, which is said once in the
 * log ({@code CNV-8009-W}).
 * <p>
 * The folder is let go when its last user is done ({@link #close}, {@link #whileHeld}): an
 * operation's thread left running after its time limit keeps it, lest the descriptor's number,
 * handed out again, lead that thread into another folder.
 */
public final class HeldFolder implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(HeldFolder.class.getName());
    private static final String OPEN_FOLDERS = "/proc/" + ProcessHandle.current().pid() + "/fd/";
    private static final Pattern HELD_PATH = Pattern.compile(Pattern.quote(OPEN_FOLDERS) + "[0-9]+");
    /** A path below a held folder: the folder's descriptor, and the names below it. */
    private static final Pattern BELOW_HELD = Pattern.compile(Pattern.quote(OPEN_FOLDERS) + "([0-9]+)/(.+)");
    /** The folders held now, by descriptor, for {@link #pin} to open files relative to them. */
    private static final ConcurrentMap<Integer, HeldFolder> HELD = new ConcurrentHashMap<>();
    private static final AtomicBoolean BY_PATH_REPORTED = new AtomicBoolean();

    private final Path folder;
    private final Path path;
    private final int descriptor;
    private final AtomicInteger users = new AtomicInteger(1);

    private HeldFolder(Path folder, Path path, int descriptor) {
        this.folder = folder;
        this.path = path;
        this.descriptor = descriptor;
    }

    /**
     * Opens {@code folder}, which must exist, from its root, with no link below the root on the way
     * (the root itself may be one: roots are the administrator's).
     *
     * @throws UnsafeFolderException when a part of the way is a link or not a folder, or lies outside the roots
     * @throws java.nio.file.NoSuchFileException when a part is missing
     */
    public static HeldFolder open(Confinement confinement, Path folder) throws IOException {
        if (Descriptors.UNAVAILABLE != null) {
            if (BY_PATH_REPORTED.compareAndSet(false, true)) {
                LOG.warning(MessageId.RUN_BY_PATH.format(Descriptors.UNAVAILABLE));
            }
            Path checked = confinement.check(folder);
            if (!Files.isDirectory(checked, LinkOption.NOFOLLOW_LINKS)) {
                throw new NoSuchFileException(checked.toString());
            }
            return new HeldFolder(checked, checked, -1);
        }
        List<Path> way = confinement.wayFromRoot(folder);
        int current = open(way.get(0), () -> Descriptors.open(way.get(0).toString(), Descriptors.FOLDER_FLAGS & ~Descriptors.NO_FOLLOW));
        for (Path part : way.subList(1, way.size())) {
            int above = current;
            try {
                current = open(part, () -> Descriptors.openat(above, part.getFileName().toString(), Descriptors.FOLDER_FLAGS));
            } finally {
                Descriptors.close(above);
            }
        }
        HeldFolder held = new HeldFolder(way.get(way.size() - 1), Path.of(OPEN_FOLDERS + current), current);
        HELD.put(current, held);
        return held;
    }

    /**
     * Opens {@code file} to be read. Below a held folder (its {@link #path}), it is opened relative
     * to the held folder one name at a time, none of them a link, so that a file swapped for a link
     * (or a folder on its way) after it was looked at is refused, not read through: a dropped job
     * folder stays its dropper's, who may change what it holds while the operation reads it.
     * Elsewhere it is looked at without following a link and used by its path.
     *
     * @throws IOException when the file, or a folder on its way, is a link or no longer what it was
     */
    public static PinnedFile pin(Path file) throws IOException {
        Matcher below = BELOW_HELD.matcher(file.toString());
        HeldFolder held = below.matches() ? HELD.get(Integer.parseInt(below.group(1))) : null;
        if (held == null) {
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                throw notAsClaimed(file, "not a regular file");
            }
            return new PinnedFile(file, -1);
        }
        return held.pinBelow(Path.of(below.group(2)));
    }

    private PinnedFile pinBelow(Path relative) throws IOException {
        Path shown = folder.resolve(relative);
        int current = descriptor;
        try {
            for (int name = 0; name < relative.getNameCount() - 1; name++) {
                int above = current;
                current = openBelow(shown, above, relative.getName(name).toString(), Descriptors.FOLDER_FLAGS);
                if (above != descriptor) {
                    Descriptors.close(above);
                }
            }
            int pinned = openBelow(shown, current, relative.getFileName().toString(), Descriptors.FILE_FLAGS);
            Path path = Path.of(OPEN_FOLDERS + pinned);
            // A look through Linux's name for the open file sees the file itself: no link can be swapped in any more.
            if (!Files.readAttributes(path, BasicFileAttributes.class).isRegularFile()) {
                Descriptors.close(pinned);
                throw notAsClaimed(shown, "not a regular file");
            }
            return new PinnedFile(path, pinned);
        } finally {
            if (current != descriptor) {
                Descriptors.close(current);
            }
        }
    }

    private static int openBelow(Path shown, int folder, String name, int flags) throws IOException {
        try {
            return Descriptors.openat(folder, name, flags);
        } catch (LastErrorException refused) {
            throw notAsClaimed(shown, "'" + name + "' on its way could not be opened without following a link (" + refused.getMessage() + ")");
        }
    }

    private static IOException notAsClaimed(Path file, String found) {
        return new IOException(file + " was not read: " + found + ". A symbolic link or something else was put in its place "
                + "after the claim, by someone who may write into the watched folder or the dropped job folder");
    }

    private interface Open {
        int call() throws LastErrorException;
    }

    private static int open(Path part, Open open) throws IOException {
        try {
            return open.call();
        } catch (LastErrorException refused) {
            throw Confinement.whyNotFolder(part, refused);
        }
    }

    /** The held folder's name for Java's file API: paths resolved against it stay inside the folder that was opened. */
    public Path path() {
        return path;
    }

    /** {@code inside}, a path below the folder as it was named, reached through the held folder. */
    public Path below(Path inside) {
        return path.resolve(folder.relativize(inside.toAbsolutePath().normalize()));
    }

    /** The folder as it was named when it was opened. */
    public Path folder() {
        return folder;
    }

    /** Checks of folders below the held one: from {@link #path} down, no link followed. */
    public Confinement confinement() {
        return new Confinement(List.of(path));
    }

    /**
     * {@code work}, keeping the folder held while it runs, on whatever thread and for however long,
     * even after this holder's {@link #close}; it fails without running when the folder was let go before it started.
     */
    public <T> Callable<T> whileHeld(Callable<T> work) {
        return () -> {
            if (users.getAndUpdate(count -> count > 0 ? count + 1 : count) == 0) {
                throw new IOException(folder + " was let go before the operation started in it");
            }
            try {
                return work.call();
            } finally {
                close();
            }
        };
    }

    /** This user is done: the folder is let go once every user is. Called once by the opener. */
    @Override
    public void close() {
        if (users.decrementAndGet() == 0 && descriptor >= 0) {
            HELD.remove(descriptor);
            Descriptors.close(descriptor);
        }
    }

    /**
     * {@code text} (a message, a stack trace) with every held folder's name put back as the folder
     * it is (this process's {@code /proc/<pid>/fd/<n>}): where one job's work failed, only its own
     * held folder can appear.
     */
    public static String shown(String text, Path folder) {
        return text == null ? null : HELD_PATH.matcher(text).replaceAll(Matcher.quoteReplacement(folder.toString()));
    }

    /** {@code refused} with the held folder's name in its path and message put back as {@code folder}, as {@link #shown(String, Path)} does. */
    public static UnsafeFolderException shown(UnsafeFolderException refused, Path folder) {
        return refused.toldAs(Path.of(shown(refused.path().toString(), folder)), shown(refused.getMessage(), folder));
    }
}
