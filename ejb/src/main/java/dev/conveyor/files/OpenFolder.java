package dev.conveyor.files;

import com.sun.jna.LastErrorException;
import com.sun.jna.Memory;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
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
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * A folder opened once, never through a link in its place, to list it, open the folders in it and
 * remove or rename its entries relative to it: a link swapped in for a folder between a look and
 * its use is removed, never walked through, so a dropper cannot have a removal reach outside the
 * roots.
 * <p>
 * On Linux the folder is a file descriptor ({@link Descriptors}): opened with one openat(2), listed
 * with getdents64(2), which tells each entry's type, so a file is removed with one unlinkat(2) and
 * no look first. Emptying a finished job's stage folder this way takes about half the system calls
 * of Java's {@link SecureDirectoryStream}, which copies and flags each folder it opens and looks at
 * each entry before removing it (docs/benchmarks.md). Where descriptors are not available the
 * secure stream does the same, and where the platform has none of it, names and removals go by
 * path, after a look that the folder is no link.
 */
public final class OpenFolder implements Closeable {

    private final Reach reach;
    /** The entries, read at the first ask (a folder is listed once) and kept in step with what this folder removes and renames. */
    private List<Entry> listed;

    private OpenFolder(Reach reach) {
        this.reach = reach;
    }

    /**
     * Opens {@code folder}; a link in its place is refused.
     *
     * @throws NoSuchFileException when nothing is there
     * @throws FileSystemException when it is a link or no folder
     */
    public static OpenFolder open(Path folder) throws IOException {
        Path absolute = folder.toAbsolutePath();
        return new OpenFolder(FolderListing.UNAVAILABLE == null ? ByDescriptor.open(absolute) : openByStream(absolute));
    }

    /**
     * Opens {@code absolute} in one call that refuses a link anywhere on its path, from the file
     * system's root on ({@link LinkFreePaths}): empty where that call refuses it (a link, a part
     * missing) or is not available here, for the caller to walk the way as {@link Confinement} does.
     */
    static Optional<OpenFolder> openWithoutLinks(Path absolute) {
        if (FolderListing.UNAVAILABLE != null) {
            return Optional.empty();
        }
        int descriptor = LinkFreePaths.open(absolute, Descriptors.FOLDER_FLAGS);
        return descriptor < 0 ? Optional.empty() : Optional.of(new OpenFolder(new ByDescriptor(absolute, descriptor)));
    }

    /** Opens the folder {@code name} in this one; a link in its place is refused, as by {@link #open(Path)}. */
    public OpenFolder open(String name) throws IOException {
        return new OpenFolder(reach.open(entry(name)));
    }

    /** The names of the folder's entries, in no particular order. */
    public Set<String> names() throws IOException {
        return listed().stream().map(Entry::name).collect(Collectors.toUnmodifiableSet());
    }

    private List<Entry> listed() throws IOException {
        if (listed == null) {
            listed = reach.list();
        }
        return listed;
    }

    /** The listed entry of that name, or one to reach by name where the folder was not listed or lacks it. */
    private Entry entry(String name) {
        return listed == null ? unlisted(name) : find(listed, name).orElseGet(() -> unlisted(name));
    }

    private static Optional<Entry> find(List<Entry> entries, String name) {
        for (Entry entry : entries) {
            if (entry.name().equals(name)) {
                return Optional.of(entry);
            }
        }
        return Optional.empty();
    }

    private static Entry unlisted(String name) {
        return new Entry(name, null, Entry.UNKNOWN);
    }

    /** True when the folder holds {@code name} as a regular file (not a link to one). */
    public boolean holdsFile(String name) throws IOException {
        return holds(name, Entry.FILE);
    }

    /** True when the folder holds {@code name} as a folder (not a link to one). */
    public boolean holdsFolder(String name) throws IOException {
        return holds(name, Entry.FOLDER);
    }

    private boolean holds(String name, int kind) throws IOException {
        Optional<Entry> entry = find(listed(), name);
        try {
            return entry.isPresent() && reach.kind(entry.get()) == kind;
        } catch (NoSuchFileException gone) {
            return false;
        }
    }

    /**
     * True when the folder holds {@code name} as a folder with nothing in it; false for anything
     * else, including a link to a folder and a folder that cannot be opened.
     */
    public boolean holdsEmptyFolder(String name) throws IOException {
        try (OpenFolder inner = open(name)) {
            return inner.listed().isEmpty();
        } catch (FileSystemException notAFolderToOpen) {
            return false;
        }
    }

    /**
     * Writes {@code bytes} over the start of the regular file {@code name} in this folder and cuts
     * it to their length, in place: the file keeps its blocks where it is as long already (see
     * SpareStageFolders' marker). Never through a link and never into a pipe, both refused; a file
     * that is not there is not made.
     */
    public void writeOver(String name, byte[] bytes) throws IOException {
        reach.writeOver(name, bytes);
    }

    /**
     * True when the folder holds {@code name} as a file (no link followed, no pipe waited on) holding
     * exactly {@code expected}, as {@link Looks#holdsExactly} tells of a path.
     */
    public boolean holdsExactly(String name, byte[] expected) throws IOException {
        return reach.holdsExactly(name, expected);
    }

    /**
     * Deletes the entries whose names {@code which} accepts, each with everything in it; links are
     * removed, never followed. What is gone meanwhile (another remover was quicker) counts as deleted.
     */
    public void deleteEntries(Predicate<String> which) throws IOException {
        for (Entry entry : listed().stream().filter(entry -> which.test(entry.name())).toList()) {
            delete(entry);
        }
    }

    /** Deletes the entry {@code name} with everything in it, as {@link #deleteEntries} does. */
    public void deleteEntry(String name) throws IOException {
        if (PathNames.problemWith(name) != null) {
            // '..' would have the folder above emptied, a separator a folder below reached by path.
            throw new IllegalArgumentException("not one plain name: " + name);
        }
        delete(entry(name));
    }

    private void delete(Entry entry) throws IOException {
        try {
            reach.deleteTree(entry);
        } catch (NoSuchFileException gone) {
            // Another remover was quicker.
        }
        if (listed != null) {
            listed.removeIf(listedEntry -> listedEntry.name().equals(entry.name()));
        }
    }

    /**
     * Makes the folder {@code name} in this one, relative to it: whatever was renamed above this
     * folder since it was opened, the new folder is made in the very folder that was opened.
     *
     * @throws FileAlreadyExistsException when something is there under that name, a link too
     * @throws FileSystemException where folders are not held as descriptors here: a secure stream
     *         makes none, and a folder made by path could be made through a link swapped in above
     */
    public void createFolder(String name) throws IOException {
        if (PathNames.problemWith(name) != null) {
            throw new IllegalArgumentException("not one plain name: " + name);
        }
        reach.createFolder(name);
        if (listed != null) {
            listed.add(new Entry(name, null, Entry.FOLDER));
        }
    }

    /** Renames the entry {@code from} to {@code to} in this folder, in one step; a link is renamed itself. */
    public void rename(String from, String to) throws IOException {
        List<Entry> entries = listed();
        Entry renamed = entry(from);
        reach.rename(renamed, to);
        entries.removeIf(entry -> entry.name().equals(to) || entry.name().equals(from));
        entries.add(new Entry(to, null, renamed.type()));
    }

    @Override
    public void close() throws IOException {
        reach.close();
    }

    /**
     * An entry as listed: its name, its bytes as the system gave them (null where it was not listed
     * by descriptor), and its kind where the listing told it.
     */
    private record Entry(String name, byte[] bytes, int type) {
        static final int UNKNOWN = 0;
        static final int FOLDER = 1;
        static final int FILE = 2;
        /** A link, a pipe, a device: neither a folder nor a regular file. */
        static final int OTHER = 3;

        /** The kind {@code attributes}, read without following a link, tell. */
        static int kindOf(BasicFileAttributes attributes) {
            return attributes.isDirectory() ? FOLDER : attributes.isRegularFile() ? FILE : OTHER;
        }

        /** The name for the system calls: as listed, so a name not valid in Java's encoding still reaches its file. */
        byte[] systemName() {
            return bytes != null ? bytes : Descriptors.nameBytes(name);
        }
    }

    /** How a folder's entries are reached: by descriptor, through a secure stream, or by path. */
    private interface Reach extends Closeable {
        List<Entry> list() throws IOException;

        /** The folder {@code entry} opened relative to this one, a link in its place refused. */
        Reach open(Entry entry) throws IOException;

        /**
         * Removes {@code entry} with everything in it, a link as a link.
         *
         * @throws NoSuchFileException when it is gone
         */
        void deleteTree(Entry entry) throws IOException;

        void rename(Entry from, String to) throws IOException;

        /** Makes a new folder {@code name} here; only a folder held as a descriptor can (see {@link OpenFolder#createFolder}). */
        default void createFolder(String name) throws IOException {
            throw new FileSystemException(path().resolve(name).toString(), null,
                    "no folder is made here: folders are not held open as descriptors on this system");
        }

        /**
         * The entry's kind, not following a link: as listed where the listing told it, else looked at.
         *
         * @throws NoSuchFileException when it is not there
         */
        int kind(Entry entry) throws IOException;

        /** Where the folder is, as opened. */
        Path path();

        default boolean holdsExactly(String name, byte[] expected) throws IOException {
            return Looks.holdsExactly(path().resolve(name), expected);
        }

        /** By path, after a look: opened to be written, a pipe put in its place would hold the writer until someone read. */
        default void writeOver(String name, byte[] bytes) throws IOException {
            Path file = path().resolve(name);
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                throw new NoSuchFileException(file.toString(), null, "no regular file");
            }
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)) {
                ByteBuffer written = ByteBuffer.wrap(bytes);
                while (written.hasRemaining()) {
                    channel.write(written, written.position());
                }
                // Asked first: a truncate looks at the size and moves the position there and back, two calls more.
                if (channel.size() > bytes.length) {
                    channel.truncate(bytes.length);
                }
            }
        }

        /** Removes everything in the folder; what is gone meanwhile (another remover was quicker) counts as removed. */
        default void empty() throws IOException {
            for (Entry inside : list()) {
                try {
                    deleteTree(inside);
                } catch (NoSuchFileException gone) {
                    // Another remover was quicker.
                }
            }
        }
    }

    /** A folder held as a file descriptor, every entry reached relative to it. */
    private static final class ByDescriptor implements Reach {
        /** getdents64's record: d_ino (8 bytes), d_off (8), d_reclen (2), d_type (1), then the name ended by a zero byte. */
        private static final int RECORD_LENGTH_AT = 16;
        private static final int TYPE_AT = 18;
        private static final int NAME_AT = 19;
        private static final byte DT_UNKNOWN = 0;
        private static final byte DT_DIR = 4;
        private static final byte DT_REG = 8;
        /** A stage folder's listing fits in one read. */
        private static final int LISTING_BYTES = 8 * 1024;

        private final Path path;
        private final int descriptor;
        private boolean closed;

        private ByDescriptor(Path path, int descriptor) {
            this.path = path;
            this.descriptor = descriptor;
        }

        /** Opens the folder by path: a link in the last place is refused, as a look without following links would. */
        static ByDescriptor open(Path absolute) throws IOException {
            try {
                return new ByDescriptor(absolute, Descriptors.open(absolute.toString(), Descriptors.FOLDER_FLAGS));
            } catch (LastErrorException e) {
                throw failure(absolute, e);
            }
        }

        @Override
        public List<Entry> list() throws IOException {
            List<Entry> entries = new ArrayList<>();
            // Freed at once: a buffer kept per thread would hold the application's class loader past a redeploy.
            try (Memory buffer = new Memory(LISTING_BYTES)) {
                for (long read = FolderListing.getdents64(descriptor, buffer, buffer.size()); read > 0;
                        read = FolderListing.getdents64(descriptor, buffer, buffer.size())) {
                    addEntries(buffer.getByteArray(0, (int) read), entries);
                }
            } catch (LastErrorException e) {
                throw failure(path, e);
            }
            return entries;
        }

        private void addEntries(byte[] records, List<Entry> entries) throws IOException {
            ByteBuffer fields = ByteBuffer.wrap(records).order(ByteOrder.nativeOrder());
            int record = 0;
            while (record < records.length) {
                int recordEnd = record + (record + NAME_AT <= records.length ? fields.getShort(record + RECORD_LENGTH_AT) & 0xffff : 0);
                if (recordEnd < record + NAME_AT + 1 || recordEnd > records.length) {
                    throw new FileSystemException(path.toString(), null, "the folder's listing is not as Linux writes it");
                }
                int end = record + NAME_AT;
                while (end < recordEnd && records[end] != 0) {
                    end++;
                }
                if (end == recordEnd) {
                    throw new FileSystemException(path.toString(), null, "the folder's listing is not as Linux writes it");
                }
                int length = end - record - NAME_AT;
                boolean dots = records[record + NAME_AT] == '.' && (length == 1 || length == 2 && records[record + NAME_AT + 1] == '.');
                if (!dots) {
                    byte type = records[record + TYPE_AT];
                    entries.add(new Entry(new String(records, record + NAME_AT, length, Descriptors.NAME_ENCODING),
                            Arrays.copyOfRange(records, record + NAME_AT, end + 1),
                            type == DT_DIR ? Entry.FOLDER : type == DT_REG ? Entry.FILE : type == DT_UNKNOWN ? Entry.UNKNOWN : Entry.OTHER));
                }
                record = recordEnd;
            }
        }

        @Override
        public Path path() {
            return path;
        }

        @Override
        public boolean holdsExactly(String name, byte[] expected) throws IOException {
            return Looks.holdsExactly(descriptor, name, path.resolve(name), expected);
        }

        /** Opened write-only without waiting (a pipe with no reader refused at once, one with a reader refuses the positioned write). */
        @Override
        public void writeOver(String name, byte[] bytes) throws IOException {
            Path shown = path.resolve(name);
            int file;
            try {
                file = Descriptors.openat(descriptor, Descriptors.nameBytes(name), Descriptors.WRITE_FLAGS);
            } catch (LastErrorException e) {
                throw failure(shown, e);
            }
            try {
                for (long written = 0; written < bytes.length; ) {
                    byte[] rest = written == 0 ? bytes : Arrays.copyOfRange(bytes, (int) written, bytes.length);
                    written += Descriptors.pwrite(file, rest, rest.length, written);
                }
                // Cut whatever the length: one call, where asking the size first is one too.
                Descriptors.ftruncate(file, bytes.length);
            } catch (LastErrorException e) {
                throw failure(shown, e);
            } finally {
                Descriptors.close(file);
            }
        }

        @Override
        public ByDescriptor open(Entry entry) throws IOException {
            try {
                return new ByDescriptor(path.resolve(entry.name()), Descriptors.openat(descriptor, entry.systemName(), Descriptors.FOLDER_FLAGS));
            } catch (LastErrorException e) {
                throw failure(path.resolve(entry.name()), e);
            }
        }

        @Override
        public void deleteTree(Entry entry) throws IOException {
            byte[] name = entry.systemName();
            Path shown = path.resolve(entry.name());
            if (entry.type() != Entry.FOLDER) {
                try {
                    Descriptors.unlinkat(descriptor, name, 0);
                    return;
                } catch (LastErrorException e) {
                    if (e.getErrorCode() != Descriptors.IS_FOLDER) {
                        throw failure(shown, e);
                    }
                    // A folder: the listing did not tell, or one took the file's place.
                }
            }
            ByDescriptor inner;
            try {
                inner = new ByDescriptor(shown, Descriptors.openat(descriptor, name, Descriptors.FOLDER_FLAGS));
            } catch (LastErrorException e) {
                if (e.getErrorCode() != Descriptors.LINK_LOOP && e.getErrorCode() != Descriptors.NOT_FOLDER) {
                    throw failure(shown, e);
                }
                // Swapped for a link or a file since it was listed: removed as what it is now.
                unlink(name, shown, 0);
                return;
            }
            try (inner) {
                inner.empty();
            }
            unlink(name, shown, Descriptors.REMOVE_FOLDER);
        }

        private void unlink(byte[] name, Path shown, int flags) throws IOException {
            try {
                Descriptors.unlinkat(descriptor, name, flags);
            } catch (LastErrorException e) {
                throw failure(shown, e);
            }
        }

        @Override
        public void rename(Entry from, String to) throws IOException {
            try {
                Descriptors.renameat(descriptor, from.systemName(), descriptor, Descriptors.nameBytes(to));
            } catch (LastErrorException e) {
                throw failure(path.resolve(from.name()), e);
            }
        }

        @Override
        public void createFolder(String name) throws IOException {
            try {
                Descriptors.mkdirat(descriptor, Descriptors.nameBytes(name), Descriptors.FOLDER_MODE);
            } catch (LastErrorException e) {
                throw failure(path.resolve(name), e);
            }
        }

        @Override
        public int kind(Entry entry) throws IOException {
            // A file system that tells no types in its listings (rare on Linux): looked at by path.
            return entry.type() != Entry.UNKNOWN ? entry.type()
                    : Entry.kindOf(Files.readAttributes(path.resolve(entry.name()), BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS));
        }

        @Override
        public void close() {
            if (!closed) {
                closed = true;
                Descriptors.close(descriptor);
            }
        }

        /** The exception Java's file API throws for the same error, so callers need not know how the folder is reached. */
        private static IOException failure(Path path, LastErrorException e) {
            return switch (e.getErrorCode()) {
                case Descriptors.NO_ENTRY -> new NoSuchFileException(path.toString());
                // A link in a folder's place, opened without following it, is no folder either.
                case Descriptors.NOT_FOLDER, Descriptors.LINK_LOOP -> new NotDirectoryException(path.toString());
                case Descriptors.NOT_EMPTY -> new DirectoryNotEmptyException(path.toString());
                case Descriptors.EXISTS -> new FileAlreadyExistsException(path.toString());
                default -> new FileSystemException(path.toString(), null, e.getMessage());
            };
        }
    }

    /**
     * Opens the folder by path through Java's file API: as a secure stream where the platform has
     * one, refused unless it is the very folder looked at without following links (its device and
     * inode), since opening by path follows a link swapped in since the look.
     */
    private static Reach openByStream(Path absolute) throws IOException {
        BasicFileAttributes looked = Files.readAttributes(absolute, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        if (!looked.isDirectory()) {
            throw new NotDirectoryException(absolute.toString());
        }
        DirectoryStream<Path> stream = Files.newDirectoryStream(absolute);
        if (stream instanceof SecureDirectoryStream<Path> secure) {
            try {
                Object opened = secure.getFileAttributeView(BasicFileAttributeView.class).readAttributes().fileKey();
                if (opened != null && opened.equals(looked.fileKey())) {
                    return new BySecureStream(absolute, secure);
                }
            } catch (IOException | RuntimeException e) {
                stream.close();
                throw e;
            }
            stream.close();
            throw new FileSystemException(absolute.toString(), null, "replaced while being opened");
        }
        stream.close();
        return new ByPath(absolute);
    }

    /** A folder held as Java's secure stream, where descriptors are not available. */
    private record BySecureStream(Path path, SecureDirectoryStream<Path> secure) implements Reach {
        @Override
        public List<Entry> list() {
            List<Entry> entries = new ArrayList<>();
            for (Path entry : secure) {
                entries.add(new Entry(entry.getFileName().toString(), null, Entry.UNKNOWN));
            }
            return entries;
        }

        @Override
        public Reach open(Entry entry) throws IOException {
            return new BySecureStream(path.resolve(entry.name()), secure.newDirectoryStream(Path.of(entry.name()), LinkOption.NOFOLLOW_LINKS));
        }

        @Override
        public void deleteTree(Entry entry) throws IOException {
            Path name = Path.of(entry.name());
            if (!isFolder(name)) {
                secure.deleteFile(name);
                return;
            }
            try (Reach inner = open(entry)) {
                inner.empty();
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

        @Override
        public int kind(Entry entry) throws IOException {
            return Entry.kindOf(secure.getFileAttributeView(Path.of(entry.name()), BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                    .readAttributes());
        }

        @Override
        public void rename(Entry from, String to) throws IOException {
            secure.move(Path.of(from.name()), secure, Path.of(to));
        }

        @Override
        public void close() throws IOException {
            secure.close();
        }
    }

    /** Names and removals by whole paths, where the platform can open no folder for use relative to it. */
    private record ByPath(Path path) implements Reach {
        @Override
        public List<Entry> list() throws IOException {
            List<Entry> entries = new ArrayList<>();
            try (DirectoryStream<Path> listing = Files.newDirectoryStream(path)) {
                listing.forEach(entry -> entries.add(new Entry(entry.getFileName().toString(), null, Entry.UNKNOWN)));
            }
            return entries;
        }

        @Override
        public Reach open(Entry entry) throws IOException {
            Path child = path.resolve(entry.name());
            if (!Files.readAttributes(child, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).isDirectory()) {
                throw new NotDirectoryException(child.toString());
            }
            return new ByPath(child);
        }

        @Override
        public void deleteTree(Entry entry) throws IOException {
            Files.walkFileTree(path.resolve(entry.name()), new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                    if (e instanceof NoSuchFileException) {
                        return FileVisitResult.CONTINUE;
                    }
                    throw e;
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

        @Override
        public void rename(Entry from, String to) throws IOException {
            Files.move(path.resolve(from.name()), path.resolve(to), StandardCopyOption.ATOMIC_MOVE);
        }

        @Override
        public int kind(Entry entry) throws IOException {
            return Entry.kindOf(Files.readAttributes(path.resolve(entry.name()), BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS));
        }

        @Override
        public void close() {
        }
    }
}
