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
import java.util.Optional;
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
 * no instant between them for a swap; where no link is on the whole path, all in one call,
 * {@link LinkFreePaths}), and used through {@link #path}, the name Linux gives the
 * open folder ({@code /proc/<pid>/fd/<n>}): whatever is renamed above it afterwards, a path
 * through that name reaches the very folder that was opened. Java's file API, and the operations
 * that take paths, work there unchanged. Files below it are opened to be read the same way, one
 * name at a time ({@link #pin}).
 * <p>
 * Where folders cannot be held open ({@link Descriptors#UNAVAILABLE}), the folder is checked as
 * {@link Confinement#check} checks it and used by its path, as before, which is said once in the
 * log ({@code CNV-8009-W}).
 * <p>
 * The folder is let go when its last user is done ({@link #close}, {@link #whileHeld}, a
 * {@link #pin} on its way): an operation's thread left running after its time limit keeps it,
 * lest the descriptor's number, handed out again, lead that thread into another folder.
 */
public final class HeldFolder implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(HeldFolder.class.getName());
    private static final String OPEN_FOLDERS = "/proc/" + ProcessHandle.current().pid() + "/fd/";
    /** A path through a held folder: its descriptor, and the names below it, whatever characters they hold. */
    private static final Pattern THROUGH_HELD = Pattern.compile(Pattern.quote(OPEN_FOLDERS) + "([0-9]+)/(.+)", Pattern.DOTALL);
    /** A held folder's name where names below it follow: how {@link #shown} finds it in a message. */
    private static final Pattern HELD_NAME = Pattern.compile(Pattern.quote(OPEN_FOLDERS) + "[0-9]+(?=/)");
    /** Linux errors (the same numbers on every processor family {@link Descriptors} knows). */
    private static final int NO_ENTRY = 2;
    private static final int NOT_A_FOLDER = 20;
    private static final int A_LINK = 40;
    /** The folders held now, by descriptor, for {@link #pin} to open files relative to them. */
    private static final ConcurrentMap<Integer, HeldFolder> HELD = new ConcurrentHashMap<>();
    private static final AtomicBoolean BY_PATH_REPORTED = new AtomicBoolean();

    private final Path folder;
    private final Path path;
    private final int descriptor;
    private final AtomicInteger users = new AtomicInteger(1);
    private final AtomicBoolean openerDone = new AtomicBoolean();

    private HeldFolder(Path folder, Path path, int descriptor) {
        this.folder = folder;
        this.path = path;
        this.descriptor = descriptor;
    }

    /**
     * Opens {@code folder}, which must exist, from its root, with no link below the root on the way
     * (the root itself may be one: roots are the administrator's). Each folder on the way is
     * opened only as a place to look from (O_PATH): passing through one asks no more than a path
     * does.
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
        Confinement.Way way = confinement.wayFromRoot(folder);
        // In one call where no link is on the whole path; else name by name, which also tells what is refused.
        int opened = LinkFreePaths.open(way.folder(), Descriptors.PLACE_FLAGS);
        int descriptor = opened >= 0 ? opened : openByParts(way.folders());
        HeldFolder held = new HeldFolder(way.folder(), Path.of(OPEN_FOLDERS + descriptor), descriptor);
        HELD.put(descriptor, held);
        return held;
    }

    /** Opens the last folder of {@code way} from its root (which may be a link), one part at a time, none of them followed if a link. */
    private static int openByParts(List<Path> way) throws IOException {
        Path root = way.get(0);
        int current = openPart(root, () -> Descriptors.open(root.toString(), Descriptors.PLACE_FLAGS & ~Descriptors.NO_FOLLOW));
        for (Path part : way.subList(1, way.size())) {
            int above = current;
            try {
                current = openPart(part, () -> Descriptors.openat(above, part.getFileName().toString(), Descriptors.PLACE_FLAGS));
            } finally {
                Descriptors.close(above);
            }
        }
        return current;
    }

    private interface Open {
        int call() throws LastErrorException;
    }

    /** A part of a held folder's way, opened; refused as a check refuses it when it is a link or a file. */
    private static int openPart(Path part, Open open) throws IOException {
        try {
            return open.call();
        } catch (LastErrorException refused) {
            int error = refused.getErrorCode();
            if (error == A_LINK || error == NOT_A_FOLDER) {
                throw Confinement.whyNotFolder(part, refused);
            }
            throw error == NO_ENTRY ? new NoSuchFileException(part.toString()) : new IOException(part + " could not be opened: " + refused.getMessage());
        }
    }

    /**
     * Opens {@code file} to be read. Through a held folder (its {@link #path}), it is opened
     * relative to the held folder one name at a time, none of them a link, so that a file swapped
     * for a link (or a folder on its way) after it was looked at is refused, not read through: a
     * dropped job folder stays its dropper's, who may change what it holds while the operation reads
     * it. Any other path is looked at without following a link and used by its path.
     *
     * @throws IOException when the file, or a folder on its way, is a link or no longer what it was,
     *         or the path names an open folder that is not held (any more)
     */
    public static PinnedFile pin(Path file) throws IOException {
        String written = file.toString();
        if (!written.startsWith(OPEN_FOLDERS)) {
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                throw notAsClaimed(file, "not a regular file");
            }
            return new PinnedFile(file, -1);
        }
        Matcher through = THROUGH_HELD.matcher(written);
        HeldFolder held = through.matches() && isPlainDescent(Path.of(through.group(2))) ? HELD.get(Integer.parseInt(through.group(1))) : null;
        if (held == null || !held.use()) {
            throw new IOException(file + " was not read: it names no folder held for a job's run now, or leads above one; an"
                    + " operation must not keep its documents' paths past its run");
        }
        try {
            return held.pinBelow(Path.of(through.group(2)));
        } finally {
            held.release();
        }
    }

    /** True when every name of {@code relative} goes down: no "." or "..", which would lead above the held folder. */
    private static boolean isPlainDescent(Path relative) {
        for (Path name : relative) {
            if (name.toString().equals(".") || name.toString().equals("..")) {
                return false;
            }
        }
        return true;
    }

    private PinnedFile pinBelow(Path relative) throws IOException {
        Path shown = folder.resolve(relative);
        int current = descriptor;
        try {
            for (int name = 0; name < relative.getNameCount() - 1; name++) {
                int above = current;
                current = openBelow(shown, above, relative.getName(name).toString(), Descriptors.PLACE_FLAGS);
                if (above != descriptor) {
                    Descriptors.close(above);
                }
            }
            int file = openBelow(shown, current, relative.getFileName().toString(), Descriptors.FILE_FLAGS);
            PinnedFile pinned = new PinnedFile(Path.of(OPEN_FOLDERS + file), file);
            try {
                // A look through Linux's name for the open file sees the file itself: no link can be swapped in any more.
                if (!Files.readAttributes(pinned.path(), BasicFileAttributes.class).isRegularFile()) {
                    throw notAsClaimed(shown, "not a regular file");
                }
                return pinned;
            } catch (IOException | RuntimeException notPinned) {
                pinned.close();
                throw notPinned;
            }
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

    /** The held folder's name for Java's file API: paths resolved against it stay inside the folder that was opened. */
    public Path path() {
        return path;
    }

    /** {@code inside}, a path below the folder as it was named, reached through the held folder. */
    public Path below(Path inside) {
        return path.resolve(PathNames.below(folder, inside.toAbsolutePath().normalize()));
    }

    /**
     * Refuses to go on by the folder's name when the name no longer leads to the held folder: it
     * was moved away, or a folder above it swapped for a link, while the work in it ran. What
     * would then be done by name would be done elsewhere.
     *
     * @throws UnsafeFolderException naming the folder
     */
    public void requireStillNamed() throws IOException {
        Object held = Files.readAttributes(path, BasicFileAttributes.class).fileKey();
        BasicFileAttributes named;
        try {
            named = Files.readAttributes(folder, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException gone) {
            named = null;
        }
        if (held != null && (named == null || !held.equals(named.fileKey()))) {
            throw UnsafeFolderException.notAsExpected(folder, "the folder the job's operation ran in is no longer there: it was"
                    + " moved, or a folder above it swapped for a link, while the operation ran; nothing was taken from it");
        }
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
     * Refuses the held folder when a user other than Conveyor's owns it or may write into it, as
     * {@link SharedFolders} judges a stage folder: someone who may rename in the watched folder could
     * otherwise have swapped in a folder of their own, marker and all, and change what is in it while
     * Conveyor works there. Nothing is refused where the file system has no POSIX owners.
     *
     * @throws UnsafeFolderException naming the folder, its owner or mode, and what to do
     */
    public void requireKeptFromOthers() throws IOException {
        Optional<SharedFolders.Ids> conveyor = SharedFolders.Ids.ofThisProcess();
        Optional<String> risk = conveyor.isEmpty() ? Optional.empty() : SharedFolders.riskToStageFolder(path, conveyor.get());
        if (risk.isPresent()) {
            throw UnsafeFolderException.notAsExpected(folder, risk.get());
        }
    }

    /**
     * {@code work}, keeping the folder held while it runs, on whatever thread and for however long,
     * even after the opener's {@link #close}; it fails without running when the folder was let go before it started.
     */
    public <T> Callable<T> whileHeld(Callable<T> work) {
        return () -> {
            if (!use()) {
                throw new IOException(folder + " was let go before the operation started in it");
            }
            try {
                return work.call();
            } finally {
                release();
            }
        };
    }

    /**
     * True when files below the folder are pinned by descriptor ({@link #pin}): no link followed and
     * no pipe waited on. False where folders cannot be held open, and files are reached by path after a look.
     */
    public boolean pinsByDescriptor() {
        return descriptor >= 0;
    }

    /** One more user, unless every user is done already (false). */
    private boolean use() {
        return users.getAndUpdate(count -> count > 0 ? count + 1 : count) > 0;
    }

    private void release() {
        if (users.decrementAndGet() == 0 && descriptor >= 0) {
            HELD.remove(descriptor);
            Descriptors.close(descriptor);
        }
    }

    /** The opener is done: the folder is let go once every other user is. A second call changes nothing. */
    @Override
    public void close() {
        if (openerDone.compareAndSet(false, true)) {
            release();
        }
    }

    /**
     * {@code text} (a message, a stack trace) with the names of paths through held folders put back
     * as the job's folder {@code folder} ({@code /proc/<pid>/fd/<n>/...} of this process): where one
     * job's work failed, only its own held folder can appear with names below it. A file pinned to
     * be read ({@code /proc/<pid>/fd/<m>} alone) keeps its name.
     */
    public static String shown(String text, Path folder) {
        return text == null ? null : HELD_NAME.matcher(text).replaceAll(Matcher.quoteReplacement(folder.toString()));
    }

    /** {@code refused} with the held folder's name in its path and message put back as {@code folder}, as {@link #shown(String, Path)} does. */
    public static UnsafeFolderException shown(UnsafeFolderException refused, Path folder) {
        return refused.toldAs(Path.of(shown(refused.path().toString(), folder)), shown(refused.getMessage(), folder));
    }
}
