package dev.conveyor.files;

import com.sun.jna.LastErrorException;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;

/**
 * getdents64(2) through JNA, kept apart from {@link Descriptors}: glibc has the function only from
 * version 2.30 (2019), and a function missing when a class's natives are registered fails all of
 * them, which would take the held folders and the one-call flush down with it on an older system.
 * Where it is missing ({@link #UNAVAILABLE}), {@link OpenFolder} lists through Java's secure stream.
 */
final class FolderListing {

    /** Null where {@link #getdents64} and {@link Descriptors} can be called; else why not. */
    static final String UNAVAILABLE = register();

    private FolderListing() {
    }

    /** Reads the folder's next entries into {@code buffer}: the bytes read, 0 at the end. */
    static native long getdents64(int folder, Pointer buffer, long size) throws LastErrorException;

    private static String register() {
        if (Descriptors.UNAVAILABLE != null) {
            return Descriptors.UNAVAILABLE;
        }
        try {
            Native.register(FolderListing.class, NativeLibrary.getInstance(Platform.C_LIBRARY_NAME));
            return null;
        } catch (LinkageError | RuntimeException e) {
            return e.toString();
        }
    }
}
