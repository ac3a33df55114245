package dev.conveyor.job;

import dev.conveyor.endpoint.FileNames;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Moving files into output folders so that nobody sees half of one and nothing is overwritten:
 * a free name is reserved by creating it (which fails if another writer got there first), then
 * the content is renamed over the reservation in one step.
 */
final class ResultFiles {

    private ResultFiles() {
    }

    /** Moves a file or folder into {@code folder} under its name or the first free indexed name. */
    static Path moveInto(Path item, Path folder, String name) throws IOException {
        Files.createDirectories(folder);
        boolean directory = Files.isDirectory(item);
        for (int index = 0; ; index++) {
            Path target = folder.resolve(directory ? FileNames.indexedFolder(name, index) : FileNames.indexed(name, index));
            try {
                if (directory) {
                    Files.createDirectory(target);
                } else {
                    Files.createFile(target);
                }
            } catch (FileAlreadyExistsException taken) {
                continue;
            }
            if (directory) {
                moveChildren(item, target);
            } else {
                replace(item, target);
            }
            return target;
        }
    }

    /** Creates a new folder named {@code name} or the first free indexed name. */
    static Path createFreeFolder(Path parent, String name) throws IOException {
        Files.createDirectories(parent);
        for (int index = 0; ; index++) {
            try {
                return Files.createDirectory(parent.resolve(FileNames.indexedFolder(name, index)));
            } catch (FileAlreadyExistsException taken) {
                // try the next index
            }
        }
    }

    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                if (e != null) {
                    throw e;
                }
                Files.delete(dir);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    private static void moveChildren(Path from, Path to) throws IOException {
        try (var children = Files.list(from)) {
            for (Path child : (Iterable<Path>) children::iterator) {
                moveInto(child, to, child.getFileName().toString());
            }
        }
        Files.delete(from);
    }

    /** Renames over the target; across file systems, copies beside the target first so the rename stays atomic. */
    private static void replace(Path source, Path target) throws IOException {
        try {
            Files.move(source, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException otherFileSystem) {
            Path partial = target.resolveSibling("." + target.getFileName() + ".partial");
            Files.copy(source, partial, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
            Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            Files.delete(source);
        }
    }
}
