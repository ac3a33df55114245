package dev.conveyor.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * The empty file or folder that holds a free name for a result until the result is renamed over
 * it in one step. It is made with no permissions at all (mode 000), which no program writing a
 * file gives it: so a scan of that folder (a chained endpoint's, fed by another's results) tells a
 * placeholder from a dropped file and leaves it alone. Without the mark, a crash between the
 * reservation and the rename would leave an empty file there for the next endpoint to take as a
 * job, while the retry writes the result under another name.
 */
public final class ReservedNames {

    private static final FileAttribute<Set<PosixFilePermission>> NO_PERMISSIONS = PosixFilePermissions.asFileAttribute(Set.of());

    private ReservedNames() {
    }

    /**
     * Creates the placeholder, failing with {@link java.nio.file.FileAlreadyExistsException} when the
     * name is taken. Where the file system has no POSIX permissions it is a plain empty file or folder.
     */
    public static Path create(Path target, boolean folder) throws IOException {
        FileAttribute<?>[] mark = hasPermissions(target) ? new FileAttribute<?>[] {NO_PERMISSIONS} : new FileAttribute<?>[0];
        return folder ? Files.createDirectory(target, mark) : Files.createFile(target, mark);
    }

    /** True for a placeholder {@link #create} made: an empty file, or a folder, with no permissions. Links are not followed. */
    public static boolean isReservation(Path entry) throws IOException {
        try {
            return isReservation(entry, Files.readAttributes(entry, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS));
        } catch (NoSuchFileException gone) {
            return false;
        }
    }

    /**
     * A look at an entry, not following a link, with its permissions where the file system has
     * them: {@link #isReservation(Path, BasicFileAttributes)} then tells a placeholder by it alone.
     */
    public static BasicFileAttributes lookAt(Path entry) throws IOException {
        if (hasPermissions(entry)) {
            return Files.readAttributes(entry, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        }
        return Files.readAttributes(entry, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    }

    /**
     * {@link #isReservation(Path)} for an entry already looked at ({@code look}, not following
     * links): an empty file or a folder costs a second look, at its permissions, unless the look
     * brought them ({@link #lookAt}).
     */
    public static boolean isReservation(Path entry, BasicFileAttributes look) throws IOException {
        if (!(look.isDirectory() || look.isRegularFile() && look.size() == 0) || !hasPermissions(entry)) {
            return false;
        }
        if (look instanceof PosixFileAttributes withPermissions) {
            return withPermissions.permissions().isEmpty();
        }
        try {
            return Files.getPosixFilePermissions(entry, LinkOption.NOFOLLOW_LINKS).isEmpty();
        } catch (NoSuchFileException renamedOver) {
            return false;
        }
    }

    private static boolean hasPermissions(Path path) {
        return path.getFileSystem().supportedFileAttributeViews().contains("posix");
    }
}
