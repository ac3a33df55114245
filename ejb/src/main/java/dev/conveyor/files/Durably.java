package dev.conveyor.files;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Forces written files and folder entries to the disk (one syncfs of their file system, or an
 * fsync each), so that what Conveyor records as done (a SUCCEEDED job, an ACCEPTED upload)
 * survives a power cut: the file's content, and the entry naming it in its folder. Links are
 * never followed.
 */
public final class Durably {

    private Durably() {
    }

    /** Forces a file, or a folder with everything in it, and the folder that holds it. */
    public static void sync(Path placed) throws IOException {
        Pending pending = new Pending();
        pending.add(placed);
        pending.force();
    }

    /**
     * Placed files and folders to force together, before what records them as done commits. Where
     * {@link FileSystemFlush} is available, that takes one flush of each file system holding them
     * (a chunk's results all land in one result folder); elsewhere each entry is forced once, and
     * so is each folder holding them, however many entries were placed in it.
     */
    public static final class Pending {

        private final Set<Path> placed = new LinkedHashSet<>();
        private final Set<Path> holders = new LinkedHashSet<>();

        /** A file, or a folder with everything in it, to be forced with the folder that holds it. */
        public void add(Path entry) {
            placed.add(entry);
            holders.add(entry.getParent() != null ? entry.getParent() : entry);
        }

        /** Forces everything added and starts empty again. */
        public void force() throws IOException {
            if (!flushedWholeFileSystems()) {
                for (Path path : order()) {
                    Durably.force(path);
                }
            }
            placed.clear();
            holders.clear();
        }

        /**
         * One flush of each file system the entries are on; false when that cannot be done here, or
         * one of their folders is no longer a folder, and the entries are to be forced one by one.
         */
        private boolean flushedWholeFileSystems() throws IOException {
            if (!FileSystemFlush.AVAILABLE) {
                return false;
            }
            for (Path folder : oneFolderPerFileSystem()) {
                if (!FileSystemFlush.flush(folder)) {
                    return false;
                }
            }
            return true;
        }

        /** A folder holding entries on each file system they are on (an entry lies on its folder's). */
        List<Path> oneFolderPerFileSystem() throws IOException {
            Map<Object, Path> byDevice = new LinkedHashMap<>();
            for (Path holder : holders) {
                try {
                    byDevice.putIfAbsent(Files.getAttribute(holder, "unix:dev", LinkOption.NOFOLLOW_LINKS), holder);
                } catch (NoSuchFileException gone) {
                    // Nothing placed there is left to force, as forcing file by file skips what is gone.
                }
            }
            return List.copyOf(byDevice.values());
        }

        /**
         * What forcing file by file forces, each once: the entries (a folder with everything in
         * it, links skipped), then the folders holding them.
         */
        List<Path> order() throws IOException {
            Set<Path> order = new LinkedHashSet<>();
            for (Path entry : placed) {
                if (Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS)) {
                    try (Stream<Path> walk = Files.walk(entry)) {
                        walk.forEach(order::add);
                    }
                } else {
                    order.add(entry);
                }
            }
            order.addAll(holders);
            return List.copyOf(order);
        }
    }

    /** Forces one file or folder (a folder's own entries: the names in it). Links and other special files are skipped. */
    public static void force(Path path) throws IOException {
        if (!Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS) && !Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            channel.force(true);
        }
    }
}
