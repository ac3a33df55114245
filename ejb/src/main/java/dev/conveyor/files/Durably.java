package dev.conveyor.files;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Forces written files and folder entries to the disk (fsync), so that what Conveyor records as
 * done (a SUCCEEDED job, an ACCEPTED upload) survives a power cut: the file's content, and the
 * entry naming it in its folder. Links are never followed.
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
     * Placed files and folders to force together, before what records them as done commits: each
     * is forced once, and so is each folder holding them, however many entries were placed in it
     * (a chunk's results all land in one result folder, whose entries one fsync makes durable).
     */
    public static final class Pending {

        private final Set<Path> placed = new LinkedHashSet<>();
        private final Set<Path> holders = new LinkedHashSet<>();

        /** A file, or a folder with everything in it, to be forced with the folder that holds it. */
        public void add(Path entry) throws IOException {
            if (Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS)) {
                try (Stream<Path> walk = Files.walk(entry)) {
                    walk.forEach(placed::add);
                }
            } else {
                placed.add(entry);
            }
            if (entry.getParent() != null) {
                holders.add(entry.getParent());
            }
        }

        /** Forces everything added, in {@link #order}, and starts empty again. */
        public void force() throws IOException {
            for (Path path : order()) {
                Durably.force(path);
            }
            placed.clear();
            holders.clear();
        }

        /** What {@link #force} forces, each once: the entries first, then the folders holding them. */
        List<Path> order() {
            Set<Path> order = new LinkedHashSet<>(placed);
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
