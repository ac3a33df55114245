package dev.conveyor.job;

import dev.conveyor.files.FileNames;
import dev.conveyor.files.FileTrees;
import dev.conveyor.files.FreeNameMoves;
import dev.conveyor.files.ReservedNames;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Optional;
import java.util.function.IntSupplier;

/**
 * Moving files and folders into output folders so that nobody sees half of one and nothing is
 * overwritten unless asked: a free name is reserved by creating it (which fails if another writer
 * got there first), then the content is renamed over the reservation in one step.
 */
final class ResultFiles {

    /** Where numbering stands for names found taken, so the next same-named unit does not try them all again. */
    private static final NameIndexes CROWDED = new NameIndexes();

    private ResultFiles() {
    }

    /**
     * Moves a file or folder into {@code folder} as one unit. Without {@code overwrite} it takes
     * the name or the first free indexed name (name_1.ext, folder_1), by a rename that refuses a
     * taken name where it can ({@link #moveToFreeName}), else over a reserved one; with it, it
     * replaces a file of that name, or merges into a folder of that name replacing the files it holds.
     */
    static Path moveInto(Path item, Path folder, String name, boolean overwrite) throws IOException {
        boolean directory = Files.isDirectory(item, LinkOption.NOFOLLOW_LINKS);
        if (!overwrite) {
            Files.createDirectories(folder);
            Optional<Path> moved = moveToFreeName(item, folder, name, directory, Intent.NONE);
            if (moved.isPresent()) {
                return moved.get();
            }
        }
        Path target = reserve(folder, name, directory, overwrite);
        placeOver(item, target, overwrite);
        return target;
    }

    /**
     * Moves a file into {@code folder} under {@code name} or the first free indexed name, as
     * {@link #moveInto} does without overwrite, but by a hard link and then the removal of the old
     * name: no empty reservation is made and renamed over, so no new file for the kernel to
     * allocate (a crash in between leaves the file under both names). A folder, or a file where no
     * link can be made, is moved as {@link #moveInto} does.
     */
    static Path moveByLink(Path item, Path folder, String name) throws IOException {
        Placed placed = placeByLink(item, folder, name);
        if (placed.linked()) {
            Files.delete(item);
        }
        return placed.path();
    }

    /** Where {@link #placeByLink} put an item, and whether by a hard link (the item keeps its old name too). */
    record Placed(Path path, boolean linked) {
    }

    /**
     * Puts a file into {@code folder} as {@link #moveByLink} does, but keeps its old name: for a
     * file whose folder goes as a whole later, or becomes a list of what was placed. A folder, or
     * a file where no link can be made, is moved. One look at the item tells both whether it is a
     * folder and which file it is.
     */
    static Placed placeByLink(Path item, Path folder, String name) throws IOException {
        BasicFileAttributes look = Files.readAttributes(item, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        if (!look.isDirectory()) {
            if (!Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS)) {
                Files.createDirectories(folder);
            }
            // A document the operation made has its one name where it made it: with more, an earlier link is looked for.
            Optional<Path> linked = linkInto(item, look.fileKey(), () -> 1, folder, name);
            if (linked.isPresent()) {
                return new Placed(linked.get(), true);
            }
        }
        return new Placed(moveInto(item, folder, name, false), false);
    }

    /** Told of each name {@link #reserve} is about to claim, before it claims it. */
    @FunctionalInterface
    interface Intent {
        void about(Path candidate) throws IOException;

        Intent NONE = candidate -> { };
    }

    /**
     * Where a unit named {@code name} will go: without {@code overwrite}, the name or the first
     * free indexed name, claimed at once by creating a placeholder there (which fails if another
     * writer got there first), marked so that no scan takes it ({@link ReservedNames}); with it,
     * the name itself, claimed by nobody.
     */
    static Path reserve(Path folder, String name, boolean directory, boolean overwrite) throws IOException {
        return reserve(folder, name, directory, overwrite, Intent.NONE);
    }

    static Path reserve(Path folder, String name, boolean directory, boolean overwrite, Intent intent) throws IOException {
        Files.createDirectories(folder);
        if (overwrite) {
            return folder.resolve(name);
        }
        return claimFreeName(folder, name, directory, intent, target -> ReservedNames.create(target, directory));
    }

    /** Creates a new folder named {@code name} or the first free indexed name: an ordinary folder, to be written into. */
    static Path createFreeFolder(Path parent, String name) throws IOException {
        Files.createDirectories(parent);
        return claimFreeName(parent, name, true, Intent.NONE, Files::createDirectory);
    }

    /**
     * Moves a staged unit to {@code name} in {@code folder} or, when that is taken, to the next free
     * indexed name, each by a rename that refuses a taken name ({@link FreeNameMoves}): the unit
     * appears there whole in one step, with no placeholder made first and renamed over. The
     * {@code intent} hears each name before it is tried, so a retry after a crash knows where the
     * unit went. Empty, with nothing moved, where no such rename can be done (another system,
     * another volume): the caller then reserves a name as {@link #reserve} does.
     */
    static Optional<Path> moveToFreeName(Path item, Path folder, String name, boolean directory, Intent intent) throws IOException {
        if (!FreeNameMoves.AVAILABLE) {
            return Optional.empty();
        }
        try {
            return Optional.of(claimFreeName(folder, name, directory, intent, target -> {
                if (!FreeNameMoves.moveIfFree(item, target)) {
                    throw new FileAlreadyExistsException(target.toString());
                }
                return target;
            }));
        } catch (AtomicMoveNotSupportedException notHere) {
            return Optional.empty();
        }
    }

    /** Creates something at a name, failing with {@link FileAlreadyExistsException} when it is taken. */
    @FunctionalInterface
    private interface Creation {
        Path create(Path target) throws IOException;
    }

    private static Path claimFreeName(Path folder, String name, boolean directory, Intent intent, Creation creation) throws IOException {
        for (int index = 0; ; index = CROWDED.after(folder, name, directory, index)) {
            Path target = folder.resolve(directory ? FileNames.indexedFolder(name, index) : FileNames.indexed(name, index));
            intent.about(target);
            try {
                Path created = creation.create(target);
                CROWDED.given(folder, name, directory, index);
                return created;
            } catch (FileAlreadyExistsException taken) {
                // try the next index
            }
        }
    }

    /**
     * Gives a staged file a second name in {@code folder} by a hard link, in one step: the name or,
     * when it is taken, the next free indexed name ({@link NameIndexes}). The staged name stays
     * until the job's stage folder goes, after its end is committed, so the file never leaves
     * Conveyor's hands half-way, and a name already pointing at the staged file (from an earlier,
     * interrupted attempt at the same write) is taken again: a retry makes no twin. One link does
     * what a reservation, a rename and two journal entries do for a move. {@code stagedFile} is the
     * file's identity as the caller looked it up (null when it has none); {@code stagedNames}, how
     * many names Conveyor gave it outside {@code folder} (in the stage folder), asked only when the name is taken: a file
     * with no more names than those was linked nowhere before, so no taken name can be its own and
     * the numbering goes on where it stands; one with more (an earlier attempt's link, or a
     * dropper's) is looked for among the taken names from the first on. Empty when no link can be
     * made there (the folder on another volume, a file system without hard links or file
     * identities): the caller then moves the file.
     */
    static Optional<Path> linkInto(Path staged, Object stagedFile, IntSupplier stagedNames, Path folder, String name) throws IOException {
        if (stagedFile == null) {
            return Optional.empty();
        }
        try {
            try {
                Path linked = Files.createLink(folder.resolve(name), staged);
                CROWDED.given(folder, name, false, 0);
                return Optional.of(linked);
            } catch (FileAlreadyExistsException taken) {
                // Numbered below.
            }
            int from = CROWDED.after(folder, name, false, 0);
            if (nameCount(staged) > stagedNames.getAsInt()) {
                Optional<Path> own = ownLink(stagedFile, folder, name, from);
                if (own.isPresent()) {
                    return own;
                }
            }
            for (int index = from; ; index++) {
                try {
                    Path linked = Files.createLink(folder.resolve(FileNames.indexed(name, index)), staged);
                    CROWDED.given(folder, name, false, index);
                    return Optional.of(linked);
                } catch (FileAlreadyExistsException taken) {
                    // try the next index
                }
            }
        } catch (FileAlreadyExistsException | NoSuchFileException e) {
            throw e;
        } catch (UnsupportedOperationException | FileSystemException noLinkHere) {
            return Optional.empty();
        }
    }

    /**
     * The name of {@code name}'s numbering in {@code folder} that is the file {@code stagedFile}: looked
     * for from the plain name up to the first free index from {@code from} on, where numbering stands.
     */
    private static Optional<Path> ownLink(Object stagedFile, Path folder, String name, int from) throws IOException {
        for (int index = 0; ; index++) {
            Path target = folder.resolve(FileNames.indexed(name, index));
            BasicFileAttributes look = lookAt(target);
            if (look == null && index >= from) {
                return Optional.empty();
            }
            if (look != null && stagedFile.equals(look.fileKey())) {
                return Optional.of(target);
            }
        }
    }

    /** How many names (hard links) a file has, not following a link; where the system does not tell, more than any count. */
    private static int nameCount(Path file) throws IOException {
        try {
            return (Integer) Files.getAttribute(file, "unix:nlink", LinkOption.NOFOLLOW_LINKS);
        } catch (UnsupportedOperationException | IllegalArgumentException noCount) {
            return Integer.MAX_VALUE;
        }
    }

    /**
     * What tells a file apart from every other on its volume (device and inode on Linux), not
     * following a link; null when it is not there or its file system gives files no identity.
     */
    private static Object fileKeyOrNull(Path file) throws IOException {
        BasicFileAttributes look = lookAt(file);
        return look == null ? null : look.fileKey();
    }

    /** A file's or folder's attributes, not following a link; null when nothing is there. */
    static BasicFileAttributes lookAt(Path path) throws IOException {
        try {
            return Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException gone) {
            return null;
        }
    }

    /**
     * True for what {@link #reserve} leaves before anything is placed over it: a marked placeholder
     * (whose folder, with no permissions, is not listed), or an empty file or folder (as an earlier
     * version reserved).
     */
    static boolean isEmptyReservation(Path target) throws IOException {
        if (ReservedNames.isReservation(target)) {
            return true;
        }
        if (Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS)) {
            try (var children = Files.list(target)) {
                return children.findAny().isEmpty();
            }
        }
        return Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS) && Files.size(target) == 0;
    }

    /**
     * Puts a unit at a target from {@link #reserve}: renamed over the reservation in one step, or,
     * with {@code overwrite}, replacing a file or merging into a folder already there.
     */
    static void placeOver(Path item, Path target, boolean overwrite) throws IOException {
        boolean directory = Files.isDirectory(item, LinkOption.NOFOLLOW_LINKS);
        if (overwrite && directory && Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS)) {
            try (var children = Files.list(item)) {
                for (Path child : (Iterable<Path>) children::iterator) {
                    moveInto(child, target, child.getFileName().toString(), true);
                }
            }
            Files.delete(item);
            return;
        }
        if (overwrite && (directory || Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS))) {
            deleteTree(target);
        }
        replace(item, target);
    }

    /** {@link FileTrees#delete}, by the name the pipeline's classes call it. */
    static void deleteTree(Path root) throws IOException {
        FileTrees.delete(root);
    }

    /**
     * Renames over the target (a file, an empty reserved folder, or nothing) in one step, so a
     * reader sees nothing or the whole. Across file systems it first copies beside the target
     * under a hidden name (the default excludeFilePattern skips hidden names).
     */
    private static void replace(Path source, Path target) throws IOException {
        try {
            Files.move(source, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException otherFileSystem) {
            Path partial = target.resolveSibling("." + target.getFileName() + ".partial");
            deleteTree(partial);
            copyTree(source, partial);
            Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            deleteTree(source);
        }
    }

    static void copyTree(Path source, Path target) throws IOException {
        try (var walk = Files.walk(source)) {
            for (Path from : (Iterable<Path>) walk::iterator) {
                Path to = target.resolve(source.relativize(from).toString());
                if (Files.isDirectory(from, LinkOption.NOFOLLOW_LINKS)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(from, to, StandardCopyOption.COPY_ATTRIBUTES, LinkOption.NOFOLLOW_LINKS);
                }
            }
        }
    }
}
