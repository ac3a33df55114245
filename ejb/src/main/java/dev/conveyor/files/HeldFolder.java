package dev.conveyor.files;

import com.sun.jna.LastErrorException;
import dev.conveyor.common.MessageId;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
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
        Path opened = way.get(way.size() - 1);
        return new HeldFolder(opened, Path.of(OPEN_FOLDERS + current), current);
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
