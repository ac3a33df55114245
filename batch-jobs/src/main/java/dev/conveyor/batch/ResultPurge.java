package dev.conveyor.batch;

import dev.conveyor.endpoint.Endpoint;
import dev.conveyor.endpoint.FolderTemplate;
import dev.conveyor.files.Confinement;
import dev.conveyor.files.UnsafeFolderException;
import dev.conveyor.job.PurgeCandidate;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;

/**
 * The manual's purge, judged by the jobs rather than by the files: the results a job recorded
 * are deleted once the job finished more than purgeDuration days ago, then the folders this leaves
 * empty, up to the fixed part of the result folder (for {@code result/%Y/%M/%D/}, the {@code result}
 * folder of the watched folder). Nothing else is ever deleted: a file no job recorded, a result
 * replaced since (changed after its job finished), anything outside the result folder, in an
 * input or stage folder (its own or another endpoint's, as when results feed a chained endpoint),
 * or behind a link.
 */
public final class ResultPurge {

    /** What one purge deleted. */
    public record Deleted(List<Path> files, long bytes) {
    }

    private final Path watched;
    private final Path purgeRoot;
    private final List<Path> otherEndpointsFolders;
    private final Confinement confinement;

    /**
     * @param otherEndpointsFolders the other endpoints' watched folders: what lies there is their
     *        input, never this endpoint's results, even when its result folder holds them
     */
    public ResultPurge(Path watched, String resultTemplate, List<Path> otherEndpointsFolders, Confinement confinement) {
        this.watched = watched.toAbsolutePath().normalize();
        this.purgeRoot = purgeRoot(this.watched, resultTemplate);
        this.otherEndpointsFolders = otherEndpointsFolders.stream().map(folder -> folder.toAbsolutePath().normalize()).toList();
        this.confinement = confinement;
    }

    /** The folder a result template's content lives under: the path up to its first pattern. */
    public static Path purgeRoot(Path watchedFolder, String resultTemplate) {
        Path root = watchedFolder.resolve(FolderTemplate.of(resultTemplate).fixedPart()).normalize();
        if (root.equals(watchedFolder) || root.equals(watchedFolder.getRoot())) {
            throw new IllegalArgumentException("result folder '" + resultTemplate + "' has no fixed folder to purge");
        }
        return root;
    }

    public Path root() {
        return purgeRoot;
    }

    /** Deletes the results of these jobs (all due for the purge) that are still theirs. */
    public Deleted purge(List<PurgeCandidate> jobs) throws IOException {
        List<Path> files = new ArrayList<>();
        long[] bytes = {0};
        for (PurgeCandidate job : jobs) {
            for (String result : job.results()) {
                Path path = watched.resolve(result).normalize();
                if (purgeable(path) && unchangedSince(path, job)) {
                    deleteTree(path, files, bytes);
                    removeEmptiedFolders(path.getParent());
                }
            }
        }
        return new Deleted(List.copyOf(files), bytes[0]);
    }

    private boolean purgeable(Path path) throws IOException {
        if (!path.startsWith(purgeRoot) || path.equals(purgeRoot)
                || path.getParent().equals(watched) || path.startsWith(watched.resolve(Endpoint.STAGE_FOLDER))
                || otherEndpointsFolders.stream().anyMatch(path::startsWith)) {
            return false;
        }
        try {
            confinement.check(path.getParent());
            return true;
        } catch (UnsafeFolderException linked) {
            return false;
        }
    }

    /** A result changed after its job finished is another write's (an overwrite, a copy put there): it stays. */
    private static boolean unchangedSince(Path path, PurgeCandidate job) throws IOException {
        try {
            BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            return !attributes.lastModifiedTime().toInstant().isAfter(job.finishedAt());
        } catch (NoSuchFileException gone) {
            return false;
        }
    }

    /** Deletes a file, or a folder with all it holds; links are deleted as links, never followed. */
    private static void deleteTree(Path top, List<Path> files, long[] bytes) throws IOException {
        Files.walkFileTree(top, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                Files.delete(file);
                files.add(file);
                bytes[0] += attributes.isRegularFile() ? attributes.size() : 0;
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

    /** The folders above a deleted result that it leaves empty, up to (not including) the purge root. */
    private void removeEmptiedFolders(Path folder) throws IOException {
        for (Path current = folder; current.startsWith(purgeRoot) && !current.equals(purgeRoot); current = current.getParent()) {
            try (var children = Files.list(current)) {
                if (children.findAny().isPresent()) {
                    return;
                }
            }
            Files.delete(current);
        }
    }
}
