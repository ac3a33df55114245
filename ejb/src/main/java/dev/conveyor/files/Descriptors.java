package dev.conveyor.files;

import com.sun.jna.LastErrorException;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Platform;
import java.nio.charset.Charset;
import java.util.Arrays;

/**
 * Folders opened as file descriptors, through JNA: Linux's open(2), openat(2), close(2), and the
 * removal and renaming of a folder's entries relative to it (unlinkat(2), renameat(2); the listing
 * is {@link FolderListing}'s), which Java's file API offers for folders only with system calls of
 * its own around each (a folder opened relative to another is opened, copied, looked at and
 * flagged: nine calls where four do). {@link #UNAVAILABLE} says why they cannot be used here
 * (another system, an unknown processor family, JNA's native part missing); the callers then go
 * through Java's file API as before.
 */
final class Descriptors {

    /** open(2)'s O_NOFOLLOW here (0 where not known: it differs between processor families, as O_DIRECTORY does). */
    static final int NO_FOLLOW = flagsOfFamily(0400000, 0100000);

    /**
     * open(2) flags: read-only, a folder, not a link itself, not inherited by children (0 where they
     * are not known). A link higher up the path is followed by open(2); openat(2) one name at a time
     * follows none.
     */
    static final int FOLDER_FLAGS = NO_FOLLOW == 0 ? 0 : flagsOfFamily(0200000, 040000) | NO_FOLLOW | 02000000;

    /**
     * {@link #FOLDER_FLAGS} with O_PATH instead of read access: a folder opened only as a place to
     * look from and open below (openat(2)), which asks for search permission only, as a path does.
     */
    static final int PLACE_FLAGS = FOLDER_FLAGS == 0 ? 0 : FOLDER_FLAGS | 010000000;

    /**
     * open(2) flags for a file about to be read: read-only, not a link itself, not inherited by
     * children, and not waiting for a writer (O_NONBLOCK, which a regular file's reads ignore) where
     * a pipe was put in its place.
     */
    static final int FILE_FLAGS = NO_FOLLOW == 0 ? 0 : NO_FOLLOW | 04000 | 02000000;

    /** As {@link #FILE_FLAGS}, for a file about to be written over (O_WRONLY): a pipe with no reader is refused at once. */
    static final int WRITE_FLAGS = FILE_FLAGS | 01;

    /** unlinkat(2)'s flag that removes an empty folder instead of a file. */
    static final int REMOVE_FOLDER = 0x200;

    /** errno values, the same on every family {@link #flagsOfFamily} knows. */
    static final int NO_ENTRY = 2;
    static final int NO_DEVICE = 6;
    static final int WOULD_BLOCK = 11;
    static final int EXISTS = 17;
    static final int NOT_FOLDER = 20;
    static final int IS_FOLDER = 21;
    static final int NOT_EMPTY = 39;
    static final int LINK_LOOP = 40;

    /** The encoding Java reads and writes file names in. */
    static final Charset NAME_ENCODING = nameEncoding();

    /** Null where the functions below can be called; else why not. */
    static final String UNAVAILABLE = register();

    private Descriptors() {
    }

    static native int open(byte[] path, int flags) throws LastErrorException;

    /** open(2) for a path given as text. */
    static int open(String path, int flags) throws LastErrorException {
        return open(nameBytes(path), flags);
    }

    static native int openat(int folder, byte[] name, int flags) throws LastErrorException;

    static native int close(int descriptor);

    /** openat(2) for a name given as text. */
    static int openat(int folder, String name, int flags) throws LastErrorException {
        return openat(folder, nameBytes(name), flags);
    }

    static native int unlinkat(int folder, byte[] name, int flags) throws LastErrorException;

    /** mkdirat(2): a new folder {@code name} in {@code folder}, with {@code mode} less the process's umask. */
    static native int mkdirat(int folder, byte[] name, int mode) throws LastErrorException;

    /** The mode Java's file API gives a new folder, before the umask: everyone may read, write and enter it. */
    static final int FOLDER_MODE = 0777;

    /** read(2): how many bytes were read into {@code buffer}, 0 at the end of the file. */
    static native long read(int descriptor, byte[] buffer, long size) throws LastErrorException;

    static native int renameat(int fromFolder, byte[] from, int toFolder, byte[] to) throws LastErrorException;

    /** pwrite(2): how many bytes of {@code buffer} were written at {@code offset}. */
    static native long pwrite(int descriptor, byte[] buffer, long size, long offset) throws LastErrorException;

    static native int ftruncate(int descriptor, long length) throws LastErrorException;

    /**
     * faccessat(2) with a path as given (relative to the working folder, or absolute); -1 on failure
     * with the reason in {@link Native#getLastError()}, not as an exception.
     */
    static native int faccessat(int folder, byte[] path, int mode, int flags);

    /** rename(2); -1 on failure with the reason in {@link Native#getLastError()}, not as an exception. */
    static native int rename(byte[] from, byte[] to);

    /** faccessat's folder for paths taken as they are written, and its flag that does not follow a link in the last place. */
    static final int WORKING_FOLDER = -100;
    static final int NOT_FOLLOWING = 0x100;

    /**
     * A name or path as the system takes it: in the encoding Java gives file names
     * (sun.jnu.encoding), ended by a zero byte. Given as text, JNA would encode it in its own
     * default (file.encoding), which from Java 18 on is UTF-8 whatever the system's locale: a
     * path with a letter outside ASCII would then name another file, or none.
     */
    static byte[] nameBytes(String name) {
        byte[] encoded = name.getBytes(NAME_ENCODING);
        return Arrays.copyOf(encoded, encoded.length + 1);
    }

    private static Charset nameEncoding() {
        String named = System.getProperty("sun.jnu.encoding");
        try {
            return named == null ? Charset.defaultCharset() : Charset.forName(named);
        } catch (IllegalArgumentException unknown) {
            return Charset.defaultCharset();
        }
    }

    /**
     * {@code mostFamilies}' value on x86 and the other families that share it, {@code armFamilies}' on Arm and Power;
     * 64-bit families only, where a file of any size opens without O_LARGEFILE.
     */
    private static int flagsOfFamily(int mostFamilies, int armFamilies) {
        if (!Platform.isLinux()) {
            return 0;
        }
        return switch (Platform.ARCH) {
            case "x86-64", "riscv64", "s390x", "loongarch64" -> mostFamilies;
            case "aarch64", "ppc64le", "ppc64" -> armFamilies;
            default -> 0;
        };
    }

    private static String register() {
        if (!Platform.isLinux()) {
            return "this system is not Linux";
        }
        if (FOLDER_FLAGS == 0) {
            return "the open flags of processor family " + Platform.ARCH + " are not known here";
        }
        try {
            Native.register(Descriptors.class, NativeLibrary.getInstance(Platform.C_LIBRARY_NAME));
            return null;
        } catch (LinkageError | RuntimeException e) {
            return e.toString();
        }
    }
}
