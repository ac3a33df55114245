package dev.conveyor.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.DosFileAttributes;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;

/**
 * Which sources Conveyor refuses as read-only. A claim refuses them, and so does the recovery
 * pass when it makes the job of a claim that never committed.
 */
public final class ReadOnlyFiles {

    private ReadOnlyFiles() {
    }

    /** The manual's read-only files: nobody may write them (POSIX), or the DOS read-only flag is set. */
    public static boolean isReadOnly(Path file) throws IOException {
        // One look for both what the entry is and its permissions: a job folder is never read-only.
        try {
            PosixFileAttributes attributes = Files.readAttributes(file, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            return !attributes.isDirectory() && attributes.permissions().stream().noneMatch(EnumSet.of(PosixFilePermission.OWNER_WRITE,
                    PosixFilePermission.GROUP_WRITE, PosixFilePermission.OTHERS_WRITE)::contains);
        } catch (UnsupportedOperationException notPosix) {
            DosFileAttributes attributes = Files.readAttributes(file, DosFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            return !attributes.isDirectory() && attributes.isReadOnly();
        }
    }
}
