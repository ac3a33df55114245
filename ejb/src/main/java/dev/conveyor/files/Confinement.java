package dev.conveyor.files;

import dev.conveyor.common.ConveyorHome;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.Optional;

/**
 * Keeps Conveyor's file work inside the allowed roots. Before a folder is listed, created in,
 * moved to or deleted from, {@link #check} walks it from its root one name at a time without
 * following links: every part that exists must be a real folder (a symbolic link there, made by
 * someone else, is refused and named), so the folder is exactly where its written path says.
 * {@link #ensure} then makes the missing parts one at a time the same way, so no folder is ever
 * created through a link. Where Linux offers it, a folder that exists is checked in one system
 * call instead, its whole path opened with no link followed anywhere ({@link LinkFreePaths}); the
 * walk then runs only to tell what is missing or refused.
 * <p>
 * The roots themselves are the administrator's: a root may be a link (to a share, say); only
 * what lies below a root is checked. What a check cannot close is a swap in the instant between
 * the check and the use; each check is made right before the use to keep that instant short.
 * (Resolving the folder's real path after the walk, as an earlier version did, closed only a swap
 * made during the walk itself, and cost a system call per name of the path on every check: about
 * sixty a job.)
 */
public final class Confinement {

    private final List<Path> roots;

    public Confinement(List<Path> roots) {
        if (roots.isEmpty()) {
            throw new IllegalArgumentException("at least one allowed root is needed");
        }
        this.roots = roots.stream().map(root -> root.toAbsolutePath().normalize()).toList();
    }

    /** The roots deploy/run gives Conveyor (CONVEYOR_ROOTS). */
    public static Confinement ofAllowedRoots() {
        return new Confinement(ConveyorHome.allowedRoots());
    }

    public List<Path> roots() {
        return roots;
    }

    /**
     * Checks a folder before use; it need not exist yet. Returns it absolute and normalized.
     *
     * @throws UnsafeFolderException when it lies outside the roots, or a part of it below its root is a
     *         symbolic link or not a folder
     */
    public Path check(Path folder) throws IOException {
        return walk(folder).target();
    }

    /**
     * Opens a folder, checked as {@link #check} checks it. Where its whole path opens with no link
     * on it ({@link LinkFreePaths}), the check is the open, one system call with no instant between
     * them for a swap; else the walk tells what is refused, and a folder it passes is opened by its
     * path, its last name never followed.
     *
     * @throws java.nio.file.NoSuchFileException when it is not there
     * @throws UnsafeFolderException as {@link #check} refuses it
     */
    public OpenFolder openChecked(Path folder) throws IOException {
        Way way = wayFromRoot(folder);
        Optional<OpenFolder> whole = way.depth() > 1 ? OpenFolder.openWithoutLinks(way.folder()) : Optional.empty();
        return whole.isPresent() ? whole.get() : OpenFolder.open(check(way.folder()));
    }

    /**
     * Checks a folder as {@link #check} does and creates what is missing of it, one folder at a
     * time below the deepest part the check found: parts that exist are not made again.
     */
    public Path ensure(Path folder) throws IOException {
        Walk walk = walk(folder);
        if (walk.target().equals(walk.existing())) {
            return walk.target();
        }
        Path current = walk.existing() == null ? walk.root() : walk.existing();
        for (Path name : current.relativize(walk.target())) {
            current = current.resolve(name);
            try {
                Files.createDirectory(current);
            } catch (FileAlreadyExistsException exists) {
                requireFolder(current, attributesOf(current).orElseThrow(() -> exists));
            }
        }
        return walk.target();
    }

    /** A folder's root, and the deepest part of it that exists (null when none below the root does). */
    private record Walk(Path root, Path target, Path existing) {
    }

    /**
     * Walks the folder from its root one name at a time without following links, up to the first
     * part that does not exist. A folder two or more parts below its root that opens whole with no
     * link anywhere on its path ({@link LinkFreePaths}) is found so in one system call, and walked
     * only when that is refused, to tell what is missing or wrong (right below its root, the walk's
     * one look is cheaper than an open and its close).
     */
    private Walk walk(Path folder) throws IOException {
        Way way = wayFromRoot(folder);
        if (way.depth() > 1 && LinkFreePaths.isFolderWithoutLinks(way.folder())) {
            return new Walk(way.root(), way.folder(), way.folder());
        }
        List<Path> folders = way.folders();
        Path deepest = null;
        for (Path current : folders.subList(1, folders.size())) {
            Optional<BasicFileAttributes> attributes = attributesOf(current);
            if (attributes.isEmpty()) {
                break;
            }
            requireFolder(current, attributes.get());
            deepest = current;
        }
        return new Walk(way.root(), way.folder(), deepest);
    }

    /**
     * Opens a file Conveyor wrote (a failure log, an upload) for reading, where droppers may have
     * replaced it: its folder is checked as {@link #check} does, and the file itself must be a
     * regular file with no other name. A symbolic link is refused rather than followed (and the
     * file is opened without following one, should it be swapped in meanwhile); a hard link, a
     * second name for a file of anyone's, would read as that file, and a pipe would hang the
     * reader, so both are refused too.
     *
     * @throws java.nio.file.NoSuchFileException when the file is not there
     * @throws UnsafeFolderException when its folder fails the check or the file is not as Conveyor wrote it
     */
    public InputStream openWritten(Path file) throws IOException {
        Path checked = check(file.toAbsolutePath().normalize().getParent()).resolve(file.getFileName());
        BasicFileAttributes attributes = Files.readAttributes(checked, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        if (attributes.isSymbolicLink()) {
            throw UnsafeFolderException.fileNotAsWritten(checked, "a symbolic link to " + linkTarget(checked));
        }
        if (!attributes.isRegularFile()) {
            throw UnsafeFolderException.fileNotAsWritten(checked, attributes.isDirectory() ? "a folder" : "not a regular file");
        }
        int names = linkCount(checked);
        if (names > 1) {
            throw UnsafeFolderException.fileNotAsWritten(checked, "a file with " + names + " names (hard links)");
        }
        return Files.newInputStream(checked, LinkOption.NOFOLLOW_LINKS);
    }

    /**
     * {@code folder} absolute and normalized, with the root it lies below, as written (nothing is
     * looked at).
     *
     * @throws UnsafeFolderException when it lies outside the roots
     */
    public Way wayFromRoot(Path folder) throws UnsafeFolderException {
        Path target = folder.toAbsolutePath().normalize();
        return new Way(rootOf(target), target);
    }

    /** A folder strictly below an allowed root, and that root. */
    public record Way(Path root, Path folder) {

        /** How many names the folder lies below its root (1 right below it). */
        public int depth() {
            return folder.getNameCount() - root.getNameCount();
        }

        /**
         * The folders from the root down to the folder, the root first: made only where a folder is
         * walked part by part, as most checks and opens take the whole path in one call.
         */
        public List<Path> folders() {
            Path[] folders = new Path[depth() + 1];
            folders[0] = root;
            Path current = folder;
            for (int index = folders.length - 1; index > 0; index--) {
                folders[index] = current;
                current = current.getParent();
            }
            return List.of(folders);
        }
    }

    /** True when the path lies strictly below a root as written (links not looked at). */
    public boolean isBelowRoot(Path path) {
        Path normalized = path.toAbsolutePath().normalize();
        return roots.stream().anyMatch(root -> normalized.startsWith(root) && !normalized.equals(root));
    }

    /**
     * Refuses a symbolic link where Conveyor takes a file or folder as it is (a dropped source, an
     * entry of its stage folder): moving a link would hand its target to the operation.
     */
    public static void requireNoLink(Path entry) throws IOException {
        if (Files.isSymbolicLink(entry)) {
            throw UnsafeFolderException.link(entry, linkTarget(entry));
        }
    }

    /**
     * Why a part of a folder's way from its root could not be opened as a real folder: the refusal
     * a check would make of it now (a link, a file), that it is missing, or that it was changed
     * between the attempt and this look.
     */
    static IOException whyNotFolder(Path part, Exception cause) {
        try {
            Optional<BasicFileAttributes> attributes = attributesOf(part);
            if (attributes.isEmpty()) {
                return new NoSuchFileException(part.toString());
            }
            requireFolder(part, attributes.get());
            return UnsafeFolderException.notAsExpected(part, "it changed while it was opened: " + cause.getMessage());
        } catch (IOException refused) {
            return refused;
        }
    }

    private Path rootOf(Path target) throws UnsafeFolderException {
        for (Path root : roots) {
            if (target.startsWith(root) && !target.equals(root)) {
                return root;
            }
        }
        throw UnsafeFolderException.outsideRoots(target, roots);
    }

    private static Optional<BasicFileAttributes> attributesOf(Path path) throws IOException {
        try {
            return Optional.of(Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS));
        } catch (NoSuchFileException missing) {
            return Optional.empty();
        }
    }

    /** How many names the file has; 1 where the file system does not tell. */
    private static int linkCount(Path file) throws IOException {
        if (!file.getFileSystem().supportedFileAttributeViews().contains("unix")) {
            return 1;
        }
        return (Integer) Files.getAttribute(file, "unix:nlink", LinkOption.NOFOLLOW_LINKS);
    }

    private static void requireFolder(Path path, BasicFileAttributes attributes) throws UnsafeFolderException {
        if (attributes.isSymbolicLink()) {
            throw UnsafeFolderException.link(path, linkTarget(path));
        }
        if (!attributes.isDirectory()) {
            throw UnsafeFolderException.notAsExpected(path, "a file, not a folder");
        }
    }

    private static String linkTarget(Path link) {
        try {
            return Files.readSymbolicLink(link).toString();
        } catch (IOException | UnsupportedOperationException e) {
            return "an unreadable target";
        }
    }
}
