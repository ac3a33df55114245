package dev.conveyor.files;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Platform;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * A rename that takes a name only while it is free: Linux's renameat2(2) with RENAME_NOREPLACE,
 * through JNA. A unit moved so appears under its new name whole and in one step, and a name taken
 * meanwhile by another writer is refused, not replaced. Java's atomic move replaces whatever is at
 * the target, so a free name had first to be held by a placeholder, then renamed over (a new
 * inode, and a second step a crash can fall between). Registered apart from {@link Descriptors}:
 * a C library without renameat2 (glibc before 2.28) leaves only this unavailable.
 */
public final class FreeNameMoves {

    /** Whether such renames can be tried here; where not, callers hold a free name by a placeholder as before. */
    public static final boolean AVAILABLE = register();

    private static final int RENAME_NOREPLACE = 1;

    /** errno values for a rename that cannot be done so here: another volume, a file system or kernel without the flag. */
    private static final int OTHER_VOLUME = 18;
    private static final int NOT_SUPPORTED = 22;
    private static final int NO_SUCH_CALL = 38;

    private FreeNameMoves() {
    }

    /**
     * Renames {@code from} to {@code to} unless something (anything, a link or an empty folder
     * too) is at {@code to}: true when moved, false when the name is taken and nothing changed.
     *
     * @throws AtomicMoveNotSupportedException when no such rename can be done between these places
     *         (across volumes, or a file system that does not know the flag): nothing changed
     * @throws NoSuchFileException when nothing is at {@code from} or {@code to}'s folder is missing
     */
    public static boolean moveIfFree(Path from, Path to) throws IOException {
        if (renameat2(Descriptors.WORKING_FOLDER, Descriptors.nameBytes(from.toString()), Descriptors.WORKING_FOLDER,
                Descriptors.nameBytes(to.toString()), RENAME_NOREPLACE) == 0) {
            return true;
        }
        int reason = Native.getLastError();
        switch (reason) {
            case Descriptors.EXISTS:
                return false;
            case Descriptors.NO_ENTRY:
                throw new NoSuchFileException(from.toString(), to.toString(), null);
            case OTHER_VOLUME, NOT_SUPPORTED, NO_SUCH_CALL:
                throw new AtomicMoveNotSupportedException(from.toString(), to.toString(), "no rename that refuses a taken name here (errno "
                        + reason + ")");
            default:
                throw new FileSystemException(from.toString(), to.toString(), "cannot rename (errno " + reason + ")");
        }
    }

    /** renameat2(2); -1 on failure with the reason in {@link Native#getLastError()}, not as an exception. */
    private static native int renameat2(int fromFolder, byte[] from, int toFolder, byte[] to, int flags);

    private static boolean register() {
        if (Descriptors.UNAVAILABLE != null) {
            return false;
        }
        try {
            Native.register(FreeNameMoves.class, NativeLibrary.getInstance(Platform.C_LIBRARY_NAME));
            return true;
        } catch (LinkageError | RuntimeException noRenameat2) {
            return false;
        }
    }
}
