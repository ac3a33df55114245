package dev.conveyor.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Who besides Conveyor may change what it keeps below a watched folder, read off the permission
 * bits of the folders on the way from the allowed root down to the stage folder.
 * <p>
 * {@link Confinement} finds a link where a folder of Conveyor's should be when it checks, but not
 * one swapped in between its check and the use right after it. On Linux anyone who may write into
 * a folder may rename or delete what it holds, unless the folder has the sticky bit (as
 * {@code /tmp} has): then only an entry's owner, the folder's owner and root may. So in a shared
 * watched folder without it, any dropper can rename Conveyor's stage or result folder away and put
 * a link in its place; and anyone who may write into the stage folder itself can change a job's
 * files while it waits or runs. With the sticky bit the watched folder must be owned by Conveyor's
 * user, which otherwise may not take the files other users drop there.
 * <p>
 * These are findings to report, not refusals: the folders are the administrator's, and a node of a
 * cluster may see other owners on a network share than the one that made the folders.
 */
public final class SharedFolders {

    private static final int WRITABLE_BY_GROUP_OR_OTHERS = 0022;
    private static final int STICKY = 01000;
    private static final int PERMISSION_BITS = 07777;
    private static final String ROOT_USER = "root";

    private SharedFolders() {
    }

    /** A folder others may change: its permission bits, and what they allow. */
    public record Finding(Path folder, int mode, String risk) {

        /** The permission bits as chmod takes them, 1777 say. */
        public String octalMode() {
            return String.format("%04o", mode);
        }
    }

    /**
     * What the folders from the root of {@code stageFolder} down to it allow others, for Conveyor
     * running as {@code conveyorUser}; the watched folder is the stage folder's parent. Nothing for
     * folders that do not exist yet, nor on a file system without POSIX permissions.
     *
     * @throws UnsafeFolderException when the stage folder lies outside the roots
     */
    public static List<Finding> of(Confinement confinement, Path stageFolder, String conveyorUser) throws IOException {
        List<Path> way = confinement.wayFromRoot(stageFolder);
        List<Finding> findings = new ArrayList<>();
        for (Path folder : way) {
            // A root may be a link (to a share, say): the administrator's, so its target is what counts.
            Optional<Look> look = folder.equals(way.get(0)) ? lookAt(folder) : lookAt(folder, LinkOption.NOFOLLOW_LINKS);
            if (look.isEmpty()) {
                break;
            }
            Place place = folder.equals(way.get(way.size() - 1)) ? Place.STAGE
                    : folder.equals(way.get(way.size() - 2)) ? Place.WATCHED : Place.ABOVE;
            risk(look.get().mode(), place, look.get().owner(), conveyorUser)
                    .ifPresent(risk -> findings.add(new Finding(folder, look.get().mode() & PERMISSION_BITS, risk)));
        }
        return findings;
    }

    /** Where a folder lies on the way to the stage folder. */
    enum Place { ABOVE, WATCHED, STAGE }

    /** What a folder's permission bits allow others there; empty when nothing Conveyor keeps is at risk. */
    static Optional<String> risk(int mode, Place place, String owner, String conveyorUser) {
        boolean othersWrite = (mode & WRITABLE_BY_GROUP_OR_OTHERS) != 0;
        boolean sticky = (mode & STICKY) != 0;
        if (!othersWrite) {
            return Optional.empty();
        }
        if (place == Place.STAGE) {
            return Optional.of("users other than its owner may write into this stage folder, so they can change a job's files"
                    + " while it waits or runs. Take their write permission away (chmod go-w) and start Conveyor with a umask"
                    + " of 022 or 077");
        }
        if (!sticky) {
            return Optional.of("users other than its owner may rename what this folder holds, so they can swap the "
                    + (place == Place.WATCHED ? "stage or result folder below it" : "folder below it, and the watched folder with it,")
                    + " for a link between Conveyor's checks. Set its sticky bit (chmod +t)" + (place == Place.WATCHED
                            ? " and make it owned by the user Conveyor runs as" : "") + ", or take their write permission away");
        }
        if (place == Place.WATCHED && !owner.equals(conveyorUser) && !conveyorUser.equals(ROOT_USER)) {
            return Optional.of("this folder has the sticky bit and is owned by " + owner + ", not by " + conveyorUser
                    + ", the user Conveyor runs as, so Conveyor may not move the files other users drop into it. Make it owned by "
                    + conveyorUser);
        }
        return Optional.empty();
    }

    private record Look(int mode, String owner) {
    }

    private static Optional<Look> lookAt(Path folder, LinkOption... options) throws IOException {
        if (!folder.getFileSystem().supportedFileAttributeViews().contains("unix")) {
            return Optional.empty();
        }
        try {
            int mode = (Integer) Files.getAttribute(folder, "unix:mode", options);
            return Optional.of(new Look(mode, Files.getOwner(folder, options).getName()));
        } catch (NoSuchFileException missing) {
            return Optional.empty();
        }
    }
}
