package dev.conveyor.files;

import com.sun.jna.LastErrorException;
import com.sun.jna.Native;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;

/**
 * Looks and renames whose usual answer is that nothing is there, answered by a result rather than
 * an exception. Java's file API reports a missing name by throwing, and an exception thrown inside
 * Payara's deep call stacks costs the walk of every frame: on a burst into a new endpoint, about
 * six such exceptions a job took 4% of Payara's CPU (docs/benchmarks.md). Where descriptors are not
 * available ({@link Descriptors}) Java's file API answers, exceptions and all.
 */
public final class Looks {

    private Looks() {
    }

    /** True when nothing is at {@code path} (a link counts as something, wherever it points). */
    public static boolean nothingAt(Path path) {
        if (Descriptors.UNAVAILABLE != null) {
            return Files.notExists(path, LinkOption.NOFOLLOW_LINKS);
        }
        byte[] name = Descriptors.nameBytes(path.toString());
        return Descriptors.faccessat(Descriptors.WORKING_FOLDER, name, 0, Descriptors.NOT_FOLLOWING) != 0
                && Native.getLastError() == Descriptors.NO_ENTRY;
    }

    /**
     * True when {@code file} is a file, not a link (none is followed), holding exactly {@code expected}.
     * It is opened without waiting for a writer, should a pipe stand in its place, and read for a
     * byte more than expected: a read of a few dozen bytes from a file comes whole, so a longer file
     * is told by that one read, where a look at its kind and size first took one system call more
     * (a read that came back short is followed by more, for file systems that split reads). A
     * folder, a link, a socket or an empty pipe holds nothing expected; a pipe whose writer sends
     * exactly the expected bytes would pass, as a file written with them would.
     *
     * @throws FileSystemException when the file cannot be opened or read for another reason (no
     *         permission, too many open files, an input error): that tells nothing of what it holds
     */
    public static boolean holdsExactly(Path file, byte[] expected) throws IOException {
        if (Descriptors.UNAVAILABLE != null) {
            return holdsExactlyByJava(file, expected);
        }
        try {
            return readsExactly(Descriptors.open(Descriptors.nameBytes(file.toString()), Descriptors.FILE_FLAGS), file, expected);
        } catch (LastErrorException notOpened) {
            return holdsNothingOpenable(notOpened, file);
        }
    }

    /**
     * As {@link #holdsExactly}, for the file {@code name} in the folder {@code folder} (a descriptor),
     * opened relative to it: nothing above the folder is walked again, or can be swapped.
     */
    static boolean holdsExactly(int folder, String name, Path shown, byte[] expected) throws IOException {
        try {
            return readsExactly(Descriptors.openat(folder, Descriptors.nameBytes(name), Descriptors.FILE_FLAGS), shown, expected);
        } catch (LastErrorException notOpened) {
            return holdsNothingOpenable(notOpened, shown);
        }
    }

    /** False for a file that is not there, a link, or a pipe's end nobody writes to; else the failure. */
    private static boolean holdsNothingOpenable(LastErrorException notOpened, Path file) throws IOException {
        int reason = notOpened.getErrorCode();
        if (reason == Descriptors.NO_ENTRY || reason == Descriptors.LINK_LOOP || reason == Descriptors.NO_DEVICE) {
            return false;
        }
        throw new FileSystemException(file.toString(), null, "cannot be opened (errno " + reason + ")");
    }

    /** Reads the opened file for a byte more than {@code expected} and closes it: true when it held exactly that. */
    private static boolean readsExactly(int descriptor, Path file, byte[] expected) throws IOException {
        try {
            byte[] held = new byte[expected.length + 1];
            int total = 0;
            for (long read = -1; total < expected.length && read != 0; total += (int) read) {
                byte[] rest = new byte[held.length - total];
                read = Descriptors.read(descriptor, rest, rest.length);
                System.arraycopy(rest, 0, held, total, (int) read);
            }
            return total == expected.length && Arrays.equals(held, 0, total, expected, 0, total);
        } catch (LastErrorException unread) {
            int reason = unread.getErrorCode();
            if (reason == Descriptors.IS_FOLDER || reason == Descriptors.WOULD_BLOCK) {
                return false;
            }
            throw new FileSystemException(file.toString(), null, "cannot be read (errno " + reason + ")");
        } finally {
            Descriptors.close(descriptor);
        }
    }

    private static boolean holdsExactlyByJava(Path file, byte[] expected) throws IOException {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException none) {
            return false;
        }
        if (!attributes.isRegularFile() || attributes.size() != expected.length) {
            return false;
        }
        ByteBuffer text = ByteBuffer.allocate(expected.length);
        try (SeekableByteChannel channel = Files.newByteChannel(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            while (text.hasRemaining() && channel.read(text) >= 0) {
                // Until the length the look found is read, or the file ends short.
            }
        }
        return !text.hasRemaining() && Arrays.equals(text.array(), expected);
    }

    /**
     * Renames {@code from} to {@code to} in one step, as {@link Files#move} with
     * {@link StandardCopyOption#ATOMIC_MOVE} does: false, with nothing changed, when nothing is at
     * {@code from} or {@code to} is a folder with something in it. Like that move, it replaces a
     * file or an empty folder at {@code to}: it is no guard against overwriting.
     */
    public static boolean renameIfThere(Path from, Path to) throws IOException {
        if (Descriptors.UNAVAILABLE != null) {
            try {
                Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
                return true;
            } catch (NoSuchFileException | FileAlreadyExistsException notMoved) {
                return false;
            } catch (FileSystemException notMoved) {
                // Java reports a folder with something in it at the target as a plain failure, without a type of its own.
                if (Files.isDirectory(to, LinkOption.NOFOLLOW_LINKS) && !FileTrees.entryNames(to).isEmpty()) {
                    return false;
                }
                throw notMoved;
            }
        }
        if (Descriptors.rename(Descriptors.nameBytes(from.toString()), Descriptors.nameBytes(to.toString())) == 0) {
            return true;
        }
        int reason = Native.getLastError();
        // A folder with something in it at the target is ENOTEMPTY on Linux, EEXIST where POSIX allows it.
        if (reason == Descriptors.NO_ENTRY || reason == Descriptors.NOT_EMPTY || reason == Descriptors.EXISTS) {
            return false;
        }
        throw new FileSystemException(from.toString(), to.toString(), "cannot rename (errno " + reason + ")");
    }
}
