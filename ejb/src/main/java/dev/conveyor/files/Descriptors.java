package dev.conveyor.files;

import com.sun.jna.LastErrorException;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Platform;

/**
 * Folders opened as file descriptors, through JNA: Linux's open(2), openat(2) and close(2), which
 * Java's file API does not offer for folders. {@link #UNAVAILABLE} says why they cannot be used
 * here (another system, an unknown processor family, JNA's native part missing); the callers then
 * go by path as before and say so in their own words.
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

    /** Null where {@link #open}, {@link #openat} and {@link #close} can be called; else why not. */
    static final String UNAVAILABLE = register();

    private Descriptors() {
    }

    static native int open(String path, int flags) throws LastErrorException;

    static native int openat(int folder, String name, int flags) throws LastErrorException;

    static native int close(int descriptor);

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
