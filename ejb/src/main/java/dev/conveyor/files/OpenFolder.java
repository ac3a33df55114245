package dev.conveyor.files;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * A folder opened once, never through a link in its place, to list it, open the folders in it and
 * remove or rename its entries relative to it. Where the platform offers it (Linux) this is a
 * {@link SecureDirectoryStream}: a link swapped in for a folder between a look and its use is
 * removed, never walked through, so a dropper cannot have a removal reach outside the roots.
 * Elsewhere names and removals go by path, after a look that the folder is no link.
 * <p>
 * Walking down a tree this way opens each folder once, and the top one without opening its parent.
 * Emptying a finished job's stage folder one folder at a time from whole paths opened each a second
 * time as the parent of the next and listed two of them twice: 74 system calls a job, 63 this way
 * (strace, docs/benchmarks.md).
 */
public final class OpenFolder implements Closeable {

    private final Path path;
    /** Null where the platform has no secure streams: then everything goes by path. */
    private final SecureDirectoryStream<Path> secure;
    /** The entries' names, read at the first ask (a stream lists once) and kept in step with what this folder removes and renames. */
    private List<String> names;

    private OpenFolder(Path path, SecureDirectoryStream<Path> secure) {
        this.path = path;
        this.secure = secure;
    }

    /**
     * Opens {@code folder}; a link in its place is refused.
     *
     * @throws NoSuchFileException when nothing is there
     * @throws FileSystemException when it is a link or no folder
     */
    public static OpenFolder open(Path folder) throws IOException {
        Path absolute = folder.toAbsolutePath();
        BasicFileAttributes looked = Files.readAttributes(absolute, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        if (!looked.isDirectory()) {
            throw new NotDirectoryException(absolute.toString());
        }
        // Opened by path, which follows a link swapped in since the look: refused unless it is the very folder looked
        // at (its device and inode), which spares opening the parent to open it relative to that.
        DirectoryStream<Path> stream = Files.newDirectoryStream(absolute);
        if (stream instanceof SecureDirectoryStream<Path> secure) {
            try {
                Object opened = secure.getFileAttributeView(BasicFileAttributeView.class).readAttributes().fileKey();
                if (opened != null && opened.equals(looked.fileKey())) {
                    return new OpenFolder(absolute, secure);
                }
            } catch (IOException | RuntimeException e) {
                stream.close();
                throw e;
            }
            stream.close();
            throw new FileSystemException(absolute.toString(), null, "replaced while being opened");
        }
        stream.close();
        return new OpenFolder(absolute, null);
    }

    /** Opens the folder {@code name} in this one; a link in its place is refused, as by {@link #open(Path)}. */
    public OpenFolder open(String name) throws IOException {
        Path child = path.resolve(name);
        if (secure != null) {
            return new OpenFolder(child, secure.newDirectoryStream(Path.of(name), LinkOption.NOFOLLOW_LINKS));
        }
        if (!Files.readAttributes(child, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).isDirectory()) {
            throw new NotDirectoryException(child.toString());
        }
        return new OpenFolder(child, null);
    }

    /** The names of the folder's entries, in no particular order. */
    public Set<String> names() throws IOException {
        return Set.copyOf(listed());
    }

    private List<String> listed() throws IOException {
        if (names == null) {
            if (secure == null) {
                names = new ArrayList<>();
                try (DirectoryStream<Path> entries = Files.newDirectoryStream(path)) {
                    entries.forEach(entry -> names.add(entry.getFileName().toString()));
                }
            } else {
                names = new ArrayList<>();
                for (Path entry : secure) {
                    names.add(entry.getFileName().toString());
                }
            }
        }
        return names;
    }

    /**
     * Deletes the entries whose names {@code which} accepts, each with everything in it; links are
     * removed, never followed. What is gone meanwhile (another remover was quicker) counts as deleted.
     */
    public void deleteEntries(Predicate<String> which) throws IOException {
        for (String name : listed().stream().filter(which).toList()) {
            deleteEntry(name);
        }
    }

    /** Deletes the entry {@code name} with everything in it, as {@link #deleteEntries} does. */
    public void deleteEntry(String name) throws IOException {
        try {
            if (secure == null) {
                walkDeleting(path.resolve(name));
            } else {
                deleteRelative(Path.of(name));
            }
        } catch (NoSuchFileException gone) {
            // Another remover was quicker.
        }
        if (names != null) {
            names.remove(name);
        }
    }

    private void deleteRelative(Path name) throws IOException {
        if (!isFolder(name)) {
            secure.deleteFile(name);
            return;
        }
        try (OpenFolder inner = open(name.toString())) {
            inner.deleteEntries(any -> true);
        } catch (FileSystemException notOpened) {
            if (notOpened instanceof NoSuchFileException || isFolder(name)) {
                throw notOpened;
            }
            // Swapped for a link or a file since it was looked at: removed as the file it is now.
            secure.deleteFile(name);
            return;
        }
        secure.deleteDirectory(name);
    }

    private boolean isFolder(Path name) throws IOException {
        return secure.getFileAttributeView(name, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS).readAttributes().isDirectory();
    }

    /** Renames the entry {@code from} to {@code to} in this folder, in one step; a link is renamed itself. */
    public void rename(String from, String to) throws IOException {
        List<String> listed = listed();
        if (secure == null) {
            Files.move(path.resolve(from), path.resolve(to), StandardCopyOption.ATOMIC_MOVE);
        } else {
            secure.move(Path.of(from), secure, Path.of(to));
        }
        listed.remove(to);
        listed.remove(from);
        listed.add(to);
    }

    @Override
    public void close() throws IOException {
        if (secure != null) {
            secure.close();
        }
    }

    /** Deletes by whole paths, where no folder can be opened for removing relative to it. */
    private static void walkDeleting(Path root) throws IOException {
        Files.walkFileTree(root, new PassingOverVanished() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.deleteIfExists(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                if (e != null && !(e instanceof NoSuchFileException)) {
                    throw e;
                }
                Files.deleteIfExists(dir);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    /** A walk of a tree others may be changing: what another remover or the writer removed meanwhile is passed over. */
    private static class PassingOverVanished extends SimpleFileVisitor<Path> {
        @Override
        public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
            if (e instanceof NoSuchFileException) {
                return FileVisitResult.CONTINUE;
            }
            throw e;
        }
    }
}
