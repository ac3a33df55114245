package dev.conveyor.files;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
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
        if (Files.isDirectory(placed, LinkOption.NOFOLLOW_LINKS)) {
            List<Path> entries;
            try (Stream<Path> walk = Files.walk(placed)) {
                entries = walk.toList();
            }
            for (Path entry : entries) {
                force(entry);
            }
        } else {
            force(placed);
        }
        if (placed.getParent() != null) {
            force(placed.getParent());
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
