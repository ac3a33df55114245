package dev.conveyor.files;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/** Removing or measuring a folder with everything in it, without following a link into somewhere else. */
public final class FileTrees {

    private FileTrees() {
    }

    /**
     * Deletes a file or a folder with everything in it; links are removed, never followed. What
     * is gone meanwhile (another remover was quicker) counts as deleted.
     */
    public static void delete(Path root) throws IOException {
        if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
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

    /** The bytes of the regular files below {@code root}, links not followed; a file gone meanwhile counts nothing. */
    public static long bytes(Path root) throws IOException {
        if (!Files.isDirectory(root, LinkOption.NOFOLLOW_LINKS)) {
            return 0;
        }
        long[] total = {0};
        Files.walkFileTree(root, new PassingOverVanished() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                if (attributes.isRegularFile()) {
                    total[0] += attributes.size();
                }
                return FileVisitResult.CONTINUE;
            }
        });
        return total[0];
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
