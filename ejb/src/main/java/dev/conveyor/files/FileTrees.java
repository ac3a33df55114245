package dev.conveyor.files;

import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/** Removing or measuring a folder with everything in it, without following a link into somewhere else. */
public final class FileTrees {

    private FileTrees() {
    }

    /**
     * The names of a folder's entries, in no particular order. Where folders are opened as
     * descriptors ({@link OpenFolder}), a link in the folder's place is refused, never listed
     * through, and the listing takes four system calls (open, two reads, close). Elsewhere
     * java.io lists it, following such a link, in five: {@link Files#newDirectoryStream} would
     * make nine, readying the folder for use relative to it, which a bare listing never needs.
     * A small file's way lists a dozen folders of its stage folder (strace, docs/benchmarks.md).
     *
     * @throws NoSuchFileException when nothing is there
     * @throws NotDirectoryException when it is no folder
     */
    public static List<String> entryNames(Path folder) throws IOException {
        if (FolderListing.UNAVAILABLE == null) {
            try (OpenFolder opened = OpenFolder.open(folder)) {
                return List.copyOf(opened.names());
            }
        }
        String[] names = folder.toFile().list();
        if (names == null) {
            // java.io tells no reason: the look below finds the one Files would have thrown.
            if (!Files.exists(folder, LinkOption.NOFOLLOW_LINKS)) {
                throw new NoSuchFileException(folder.toString());
            }
            if (!Files.isDirectory(folder)) {
                throw new NotDirectoryException(folder.toString());
            }
            throw new FileSystemException(folder.toString(), null, "the folder could not be listed");
        }
        return Arrays.asList(names);
    }

    /**
     * The names of a folder's entries, as {@link #entryNames} lists them; empty when no folder is
     * there: nothing, a file, or a link, which is never listed through. Asked where the folder is
     * nearly always there, it costs no look before the listing.
     */
    public static Optional<List<String>> entryNamesIfFolder(Path folder) throws IOException {
        if (FolderListing.UNAVAILABLE != null && !Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        try {
            return Optional.of(entryNames(folder));
        } catch (NoSuchFileException | NotDirectoryException none) {
            return Optional.empty();
        }
    }

    /** The names of a folder's entries (see {@link #entryNames}). */
    public static Set<String> names(Path folder) throws IOException {
        return Set.copyOf(entryNames(folder));
    }

    /** True for a real folder (not a link) without entries. */
    public static boolean isEmptyFolder(Path path) throws IOException {
        return Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS) && entryNames(path).isEmpty();
    }

    /**
     * Deletes a file or a folder with everything in it; links are removed, never followed. What
     * is gone meanwhile (another remover was quicker) counts as deleted.
     */
    public static void delete(Path root) throws IOException {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(root, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException gone) {
            return;
        }
        if (attributes.isDirectory()) {
            try {
                // Most folders deleted are empty (a run's work folder): one removal, no listing.
                Files.deleteIfExists(root);
                return;
            } catch (DirectoryNotEmptyException notEmpty) {
                deleteEntries(root, name -> true);
            }
        }
        Files.deleteIfExists(root);
    }

    /**
     * Deletes the entries of {@code folder} whose names {@code which} accepts, each with everything
     * in it, as {@link #delete} does. The folder is opened once, without following a link (a link
     * in place of {@code folder} itself is refused), and every folder below it is opened relative
     * to its parent ({@link OpenFolder}), so a link swapped in for a folder meanwhile is removed,
     * never walked through. A walk by whole paths looks at a folder and then opens it: a dropper
     * who swaps a link in between has the walk delete whatever the link points to, outside the
     * roots too.
     */
    public static void deleteEntries(Path folder, Predicate<String> which) throws IOException {
        try (OpenFolder opened = OpenFolder.open(folder)) {
            opened.deleteEntries(which);
        } catch (NoSuchFileException gone) {
            // Another remover was quicker.
        }
    }

    /**
     * The bytes of the regular files below {@code root}, links not followed; a file or folder gone
     * meanwhile counts nothing, and so does a root that is no folder. Measured after every run of
     * an operation with an output limit, mostly over a work folder of one or two files: listed by
     * name ({@link #entryNames}), each entry looked at once, which is half the system calls of a
     * {@link Files#walkFileTree} (that opens each folder for use relative to it and looks at the
     * folder twice).
     */
    public static long bytes(Path root) throws IOException {
        long total = 0;
        // A folder queue, not recursion: an archive's output may nest folders thousands deep.
        Deque<Path> folders = new ArrayDeque<>(List.of(root));
        for (Path folder = folders.poll(); folder != null; folder = folders.poll()) {
            for (String name : entryNamesIfFolder(folder).orElse(List.of())) {
                Path entry = folder.resolve(name);
                BasicFileAttributes attributes;
                try {
                    attributes = Files.readAttributes(entry, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                } catch (NoSuchFileException gone) {
                    continue;
                }
                if (attributes.isRegularFile()) {
                    total += attributes.size();
                } else if (attributes.isDirectory()) {
                    folders.add(entry);
                }
            }
        }
        return total;
    }
}
