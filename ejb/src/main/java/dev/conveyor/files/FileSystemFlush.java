package dev.conveyor.files;

import com.sun.jna.LastErrorException;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Platform;
import dev.conveyor.common.MessageId;
import java.io.IOException;
import java.nio.file.Path;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Linux's syncfs(2), called through JNA: one call makes everything written to a file system
 * durable, the data and the folder entries, with one flush of the disk. Forcing a chunk's results
 * one fsync at a time asks the disk for a flush per file and per folder (200 files of 1 KiB: about
 * 50 ms against 3 ms for one syncfs on the disks measured in docs/benchmarks.md), and a worker
 * waits out every one of them.
 *
 * <p>syncfs also writes what other programs have written to that file system and not yet forced,
 * as a journalling file system's fsync often does too. It reports write-back errors only from
 * Linux 5.8 on, so on older kernels, other systems, or where JNA's native part cannot load, {@link
 * #AVAILABLE} is false and {@link Durably} forces file by file.
 */
final class FileSystemFlush {

    private static final Logger LOG = Logger.getLogger(FileSystemFlush.class.getName());

    /** Whether {@link #flush} can be called here. */
    static final boolean AVAILABLE = descriptorsAvailable() && reportsWriteErrors() && register();

    private FileSystemFlush() {
    }

    /**
     * Forces everything written to the file system holding {@code folder}. False, with nothing
     * done, when the folder cannot be opened as one (it is gone, a link, or not a folder): the
     * caller forces its files one by one instead, as a link is never followed.
     *
     * @throws IOException when the file system reports that written data could not be stored
     */
    static boolean flush(Path folder) throws IOException {
        int descriptor;
        try {
            descriptor = Descriptors.open(folder.toString(), Descriptors.FOLDER_FLAGS);
        } catch (LastErrorException notAFolder) {
            return false;
        }
        try {
            syncfs(descriptor);
            return true;
        } catch (LastErrorException e) {
            throw new IOException("syncfs of the file system holding " + folder + " failed: " + e.getMessage(), e);
        } finally {
            Descriptors.close(descriptor);
        }
    }

    private static native int syncfs(int descriptor) throws LastErrorException;

    /**
     * The folder is opened read-only, as a folder, not a link itself ({@link Descriptors#FOLDER_FLAGS}). A link higher
     * up the path is followed; a flush changes nothing, so at worst it flushes another file system, and the folders of
     * the results were checked link-free when they were written.
     */
    private static boolean descriptorsAvailable() {
        if (Descriptors.UNAVAILABLE != null) {
            LOG.warning(MessageId.FILE_BY_FILE_FLUSH.format(Descriptors.UNAVAILABLE));
            return false;
        }
        return true;
    }

    /** Linux 5.8 or later, where syncfs returns the write-back errors it meets. */
    private static boolean reportsWriteErrors() {
        String version = System.getProperty("os.version", "");
        Matcher release = Pattern.compile("^(\\d+)\\.(\\d+)").matcher(version);
        boolean recent = release.find()
                && (Integer.parseInt(release.group(1)) > 5
                        || Integer.parseInt(release.group(1)) == 5 && Integer.parseInt(release.group(2)) >= 8);
        if (!recent) {
            LOG.warning(MessageId.FILE_BY_FILE_FLUSH.format("Linux " + version + " is older than 5.8"));
        }
        return recent;
    }

    private static boolean register() {
        try {
            Native.register(FileSystemFlush.class, NativeLibrary.getInstance(Platform.C_LIBRARY_NAME));
            return true;
        } catch (LinkageError | RuntimeException e) {
            LOG.warning(MessageId.FILE_BY_FILE_FLUSH.format(e));
            return false;
        }
    }
}
