package dev.conveyor.files;

import com.sun.jna.LastErrorException;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Platform;
import dev.conveyor.common.ConveyorHome;
import java.nio.file.Path;

/**
 * A whole path opened in one system call with no symbolic link anywhere on it: Linux's openat2(2)
 * (kernel 5.6 and later) with RESOLVE_NO_SYMLINKS, through JNA. It answers what
 * {@link Confinement}'s walk asks of a folder that exists, a link at no place below the root, in
 * one call where the walk looks at each part in turn (a stage folder's attempt is five parts below
 * its root, looked at on every job's way several times), and with no instant between the parts
 * for a swap. It is stricter than the walk: a link anywhere, the root and the folders above it
 * included, is refused. So a refusal only sends the caller to the walk, which tells what is wrong,
 * or that nothing is: a root reached through a link (an administrator's share, say) is walked as
 * before.
 * <p>
 * Where the call is missing (an older kernel, a container's system-call filter that refuses it),
 * or CONVEYOR_OPENAT2 is {@code off} (a filter that would end the process at the first try),
 * {@link #UNAVAILABLE} says so and every check walks.
 */
final class LinkFreePaths {

    /**
     * openat2's number: one for every 64-bit processor family {@link Descriptors} knows, as for every
     * system call added since Linux 5.1.
     */
    private static final long OPENAT2 = 437;
    /** RESOLVE_NO_MAGICLINKS | RESOLVE_NO_SYMLINKS: no link of any kind, /proc's included, is followed. */
    private static final long NO_LINKS = 0x02 | 0x04;
    /** The size of struct open_how: flags, mode and resolve, 64 bits each. */
    private static final long HOW_SIZE = 24;

    /** Null where whole paths can be opened so; else why not. */
    static final String UNAVAILABLE = register(ConveyorHome.openat2Allowed());

    private LinkFreePaths() {
    }

    /**
     * syscall(2), which glibc offers for calls it has no function of its own for (openat2 among them).
     * Declared with the arguments openat2 takes: glibc's syscall only moves its arguments into the
     * registers the kernel reads, which on the families known here are those a call with fixed
     * arguments fills.
     */
    private static native int syscall(long number, int folder, byte[] path, long[] how, long size) throws LastErrorException;

    /**
     * The descriptor of {@code path} (absolute) opened with {@code flags}, or -1 when the call refuses
     * it for whatever reason (a link on the way, a part missing or not a folder) or is not available
     * here ({@link #UNAVAILABLE}).
     */
    static int open(Path path, int flags) {
        if (UNAVAILABLE != null) {
            return -1;
        }
        try {
            return openat2(Descriptors.nameBytes(path.toString()), flags);
        } catch (LastErrorException refused) {
            return -1;
        }
    }

    /** True when {@code path} is a folder and no part of it, from the file system's root on, is a link. */
    static boolean isFolderWithoutLinks(Path path) {
        int descriptor = open(path, Descriptors.PLACE_FLAGS);
        if (descriptor < 0) {
            return false;
        }
        Descriptors.close(descriptor);
        return true;
    }

    private static int openat2(byte[] path, int flags) throws LastErrorException {
        return syscall(OPENAT2, Descriptors.WORKING_FOLDER, path, new long[] {flags & 0xffffffffL, 0, NO_LINKS}, HOW_SIZE);
    }

    /** Registers the call and tries it once on "/", unless {@code allowed} is false; null when it works. */
    static String register(boolean allowed) {
        if (!allowed) {
            return "switched off (CONVEYOR_OPENAT2)";
        }
        if (Descriptors.UNAVAILABLE != null) {
            return Descriptors.UNAVAILABLE;
        }
        try {
            Native.register(LinkFreePaths.class, NativeLibrary.getInstance(Platform.C_LIBRARY_NAME));
            Descriptors.close(openat2(Descriptors.nameBytes("/"), Descriptors.PLACE_FLAGS));
            return null;
        } catch (LastErrorException refused) {
            return "openat2 was refused (errno " + refused.getErrorCode() + "): an older kernel, or a system-call filter";
        } catch (LinkageError | RuntimeException e) {
            return e.toString();
        }
    }
}
