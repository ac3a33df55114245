package dev.conveyor.batch;

import dev.conveyor.endpoint.FolderTemplate;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The manual's purge: result-folder content older than purgeDuration days is deleted. The folder
 * purged is the fixed part of the result folder template (for {@code result/%Y/%M/%D/}, the
 * {@code result} folder of the watched folder): files last changed before the cut-off go, then
 * the folders they leave empty.
 */
public final class ResultPurge {

    /** What one purge deleted. */
    public record Deleted(List<Path> files, long bytes) {
    }

    private ResultPurge() {
    }

    /** The folder a result template's content lives under: the path up to its first pattern. */
    public static Path purgeRoot(Path watchedFolder, String resultTemplate) {
        Path root = watchedFolder.resolve(FolderTemplate.of(resultTemplate).fixedPart()).normalize();
        if (root.equals(watchedFolder) || root.equals(watchedFolder.getRoot())) {
            throw new IllegalArgumentException("result folder '" + resultTemplate + "' has no fixed folder to purge");
        }
        return root;
    }

    public static Deleted purge(Path root, Instant olderThan) throws IOException {
        List<Path> files = new ArrayList<>();
        long[] bytes = {0};
        if (!Files.isDirectory(root)) {
            return new Deleted(files, 0);
        }
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                if (attributes.lastModifiedTime().toInstant().isBefore(olderThan)) {
                    Files.delete(file);
                    files.add(file);
                    bytes[0] += attributes.size();
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                if (e != null) {
                    throw e;
                }
                try (var children = Files.list(dir)) {
                    if (!dir.equals(root) && children.findAny().isEmpty()) {
                        Files.delete(dir);
                    }
                }
                return FileVisitResult.CONTINUE;
            }
        });
        return new Deleted(List.copyOf(files), bytes[0]);
    }
}
