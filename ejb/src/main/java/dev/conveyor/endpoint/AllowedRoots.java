package dev.conveyor.endpoint;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The folders under which Conveyor may watch, read and write (CONVEYOR_ROOTS). A path is
 * inside only when it is strictly below a root both as written and once symbolic links are
 * followed, so a link cannot lead a watched folder out of the roots.
 */
public final class AllowedRoots {

    private final List<Path> roots;

    public AllowedRoots(List<Path> roots) {
        if (roots.isEmpty()) {
            throw new IllegalArgumentException("at least one allowed root is needed");
        }
        this.roots = roots.stream().map(root -> root.toAbsolutePath().normalize()).toList();
    }

    public List<Path> roots() {
        return roots;
    }

    /**
     * The absolute folder a watched-folder path names: relative paths are taken under the first
     * root. Empty when the path lies outside every root.
     */
    public Optional<Path> resolve(String path) {
        Path given = Path.of(path);
        Path absolute = (given.isAbsolute() ? given : roots.get(0).resolve(given)).normalize();
        return contains(absolute) ? Optional.of(absolute) : Optional.empty();
    }

    /** True when the path lies strictly below a root, before and after following links. */
    public boolean contains(Path absolute) {
        Path normalized = absolute.toAbsolutePath().normalize();
        return roots.stream().anyMatch(root -> strictlyBelow(normalized, root) && realPathStrictlyBelow(normalized, root));
    }

    private static boolean realPathStrictlyBelow(Path path, Path root) {
        Optional<Path> realPath = realPathOfExistingPart(path);
        Optional<Path> realRoot = realPathOfExistingPart(root);
        return realPath.isPresent() && realRoot.isPresent() && strictlyBelow(realPath.get(), realRoot.get());
    }

    private static boolean strictlyBelow(Path path, Path root) {
        return path.startsWith(root) && !path.equals(root);
    }

    /**
     * The real path of the longest existing prefix, with the missing rest appended. Empty when a
     * symbolic link on the way leads nowhere (dangling or a loop): where it would lead once its
     * target appears cannot be checked now.
     */
    private static Optional<Path> realPathOfExistingPart(Path path) {
        Path existing = path;
        while (existing != null && !Files.exists(existing)) {
            if (Files.isSymbolicLink(existing)) {
                return Optional.empty();
            }
            existing = existing.getParent();
        }
        if (existing == null) {
            return Optional.of(path);
        }
        try {
            return Optional.of(existing.toRealPath().resolve(existing.relativize(path)).normalize());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
