package dev.conveyor.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Who besides Conveyor may change what it keeps below a watched folder, read off the owners and
 * permission bits of the folders on the way from the allowed root down to the stage folder.
 * <p>
 * {@link Confinement} finds a link where a folder of Conveyor's should be when it checks, but not
 * one swapped in between its check and the use right after it. On Linux a folder's owner, and
 * anyone who may write into it, may rename or delete what it holds, unless the folder has the
 * sticky bit (as {@code /tmp} has): then only an entry's owner, the folder's owner and root may. So
 * in a shared watched folder without it, any dropper can rename Conveyor's stage or result folder
 * away and put a link in its place; and anyone who may write into the stage folder itself can
 * change a job's files while it waits or runs. With the sticky bit the watched folder must be
 * owned by Conveyor's user, which otherwise may not take the files other users drop there.
 * <p>
 * Users are told apart by their numbers, not names (a container's user may have no name). Write
 * permission for the group counts, except on the stage folder when its group is the primary
 * group of Conveyor's user: with a umask of 002 and a group of its own per user (Debian's way), every
 * folder Conveyor makes is group-writable, and that group holds Conveyor's user alone. The root
 * itself is the administrator's: its owner is not looked at, and a root that is a link counts as
 * the folder it points to.
 * <p>
 * These are findings to report, not refusals: the folders are the administrator's, and a node of a
 * cluster may see other owners on a network share than the one that made the folders.
 */
public final class SharedFolders {

    private static final int WRITABLE_BY_OTHERS = 0002;
    private static final int WRITABLE_BY_GROUP = 0020;
    private static final int STICKY = 01000;
    private static final int PERMISSION_BITS = 07777;
    private static final int ROOT_UID = 0;

    /** {@link Ids#ofThisProcess}, once read. */
    private static Optional<Ids> ofThisProcess;

    private SharedFolders() {
    }

    /** A folder others may change: its permission bits, and what they allow. */
    public record Finding(Path folder, int mode, String risk) {

        /** The permission bits as chmod takes them, 1777 say. */
        public String octalMode() {
            return String.format("%04o", mode);
        }
    }

    /** A user by number, and the number of its primary group: Conveyor's, or a folder's owner and group. */
    public record Ids(int uid, int gid) {

        /**
         * The ids of the user this process runs as, read off a file it makes once (none without
         * POSIX ownership): they do not change while it runs.
         */
        public static synchronized Optional<Ids> ofThisProcess() throws IOException {
            if (ofThisProcess == null) {
                Path made = Files.createTempFile("conveyor-ids", null);
                try {
                    ofThisProcess = lookAt(made, false).map(Look::ids);
                } finally {
                    Files.deleteIfExists(made);
                }
            }
            return ofThisProcess;
        }
    }

    /** Where a folder lies on the way to the stage folder. */
    enum Place { ABOVE, WATCHED, STAGE }

    /** What {@link #risk} reads of a folder. */
    record Look(int mode, Ids ids, String ownerName) {
    }

    /**
     * What the folders from the root of {@code stageFolder} down to it allow others, for Conveyor
     * running as {@code conveyor}; the watched folder is the stage folder's parent. Nothing for
     * folders that do not exist yet, nor on a file system without POSIX permissions.
     *
     * @throws UnsafeFolderException when the stage folder lies outside the roots
     */
    public static List<Finding> of(Confinement confinement, Path stageFolder, Ids conveyor) throws IOException {
        List<Path> way = confinement.wayFromRoot(stageFolder).folders();
        List<Finding> findings = new ArrayList<>();
        for (int index = 0; index < way.size(); index++) {
            Path folder = way.get(index);
            // A root may be a link (to a share, say): the administrator's, so its target is what counts.
            Optional<Look> look = index == 0 ? lookAt(folder, true) : lookAt(folder, true, LinkOption.NOFOLLOW_LINKS);
            if (look.isEmpty()) {
                break;
            }
            Place place = index == way.size() - 1 ? Place.STAGE : index == way.size() - 2 ? Place.WATCHED : Place.ABOVE;
            risk(look.get(), place, index == 0, conveyor)
                    .ifPresent(risk -> findings.add(new Finding(folder, look.get().mode() & PERMISSION_BITS, risk)));
        }
        return findings;
    }

    /**
     * What {@code folder}, one Conveyor made in a stage folder to work in, allows others, judged as a
     * stage folder is ({@link #risk}); empty when nothing. One look; the owner's name only for a risk.
     */
    public static Optional<String> riskToStageFolder(Path folder, Ids conveyor) throws IOException {
        Optional<Look> unnamed = lookAt(folder, false);
        if (unnamed.isEmpty() || risk(unnamed.get(), Place.STAGE, false, conveyor).isEmpty()) {
            return Optional.empty();
        }
        return risk(lookAt(folder, true).orElseThrow(), Place.STAGE, false, conveyor);
    }

    /** What a folder allows others; empty when nothing Conveyor keeps is at risk there. */
    static Optional<String> risk(Look look, Place place, boolean isRoot, Ids conveyor) {
        boolean groupCounts = place != Place.STAGE || look.ids().gid() != conveyor.gid();
        boolean othersWrite = (look.mode() & WRITABLE_BY_OTHERS) != 0 || groupCounts && (look.mode() & WRITABLE_BY_GROUP) != 0;
        boolean sticky = (look.mode() & STICKY) != 0;
        boolean ownedByAnother = !isRoot && look.ids().uid() != ROOT_UID && look.ids().uid() != conveyor.uid();
        String below = place == Place.WATCHED ? "the stage or result folder below it" : "the folder below it, and the watched folder with it,";
        if (place == Place.STAGE) {
            if (ownedByAnother) {
                return Optional.of("this stage folder is owned by " + look.ownerName() + ", not by the user Conveyor runs as, who"
                        + " can change a job's files while it waits or runs. Move it away while no job is in it (Conveyor makes a"
                        + " new one) or make it owned by Conveyor's user");
            }
            return othersWrite ? Optional.of("users other than its owner may write into this stage folder, so they can change a"
                    + " job's files while it waits or runs. Take their write permission away (chmod go-w) and start Conveyor"
                    + " with a umask of 022 or 077") : Optional.empty();
        }
        if (ownedByAnother) {
            return Optional.of("this folder is owned by " + look.ownerName() + ", neither root nor the user Conveyor runs as, who"
                    + " may rename what it holds, so can swap " + below + " for a link between Conveyor's checks. Make it owned"
                    + " by root or by Conveyor's user");
        }
        if (othersWrite && !sticky) {
            return Optional.of("users other than its owner may rename what this folder holds, so they can swap " + below
                    + " for a link between Conveyor's checks. Set its sticky bit (chmod +t)"
                    + (place == Place.WATCHED ? " and make it owned by the user Conveyor runs as" : "")
                    + ", or take their write permission away");
        }
        if (othersWrite && place == Place.WATCHED && look.ids().uid() != conveyor.uid() && conveyor.uid() != ROOT_UID) {
            return Optional.of("this folder has the sticky bit and is owned by " + look.ownerName() + ", not by the user Conveyor"
                    + " runs as, so Conveyor may not move the files other users drop into it. Make it owned by Conveyor's user");
        }
        return Optional.empty();
    }

    /**
     * A folder's mode and ids in one look, and its owner's name when {@code named} (else "user" and
     * the number, sparing the look-up of the name); none on a file system without POSIX owners, or
     * when the folder is missing.
     */
    private static Optional<Look> lookAt(Path folder, boolean named, LinkOption... options) throws IOException {
        if (!folder.getFileSystem().supportedFileAttributeViews().contains("unix")) {
            return Optional.empty();
        }
        try {
            Map<String, Object> attributes = Files.readAttributes(folder, "unix:mode,uid,gid", options);
            Ids ids = new Ids((Integer) attributes.get("uid"), (Integer) attributes.get("gid"));
            String owner = named ? Files.getOwner(folder, options).getName() : "user " + ids.uid();
            return Optional.of(new Look((Integer) attributes.get("mode"), ids, owner));
        } catch (NoSuchFileException missing) {
            return Optional.empty();
        }
    }
}
