package dev.conveyor.scan;

import dev.conveyor.files.ReservedNames;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.Predicate;

/**
 * Picks the oldest files and job folders of a folder whose names are eligible and that were last
 * changed no later than a given instant, at most {@code limit} of them. It streams the folder and
 * keeps only the current best {@code limit} candidates in a bounded heap, so a folder of 100,000
 * files costs one pass and {@code limit} entries of memory, never a sort of the whole listing.
 * Symbolic links are never taken. Each candidate comes with what the look at it saw, so the
 * stability check compares it with the last scan's instead of looking again ({@link StabilityCheck}).
 */
public final class BatchSelector {

    /** A file or job folder picked, and its size and last change as the selection saw them (a folder's own, not its content's). */
    public record Candidate(Path path, long size, long modified, boolean folder) {
    }

    /** Oldest first, ties by path (all in one folder: by name), so the order is stable between scans. */
    static final Comparator<Candidate> OLDEST_FIRST =
            Comparator.comparingLong(Candidate::modified).thenComparing(Candidate::path);

    private BatchSelector() {
    }

    public static List<Candidate> oldest(Path folder, Predicate<String> eligible, int limit, Instant changedNoLaterThan)
            throws IOException {
        if (limit <= 0) {
            return List.of();
        }
        long cutoff = changedNoLaterThan.toEpochMilli();
        // The heap's head is the newest kept candidate: the one to drop when an older entry turns up.
        PriorityQueue<Candidate> kept = new PriorityQueue<>(limit + 1, OLDEST_FIRST.reversed());
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder)) {
            for (Path entry : entries) {
                String name = entry.getFileName().toString();
                if (!eligible.test(name)) {
                    continue;
                }
                Candidate candidate = look(entry);
                if (candidate == null || candidate.modified() > cutoff) {
                    continue;
                }
                kept.add(candidate);
                if (kept.size() > limit) {
                    kept.poll();
                }
            }
        }
        List<Candidate> batch = new ArrayList<>(kept);
        batch.sort(OLDEST_FIRST);
        return batch;
    }

    /**
     * A look at one entry, never through a link: null when it is gone, neither a file nor a folder
     * (a link, say), or a name another endpoint's result writer holds until it renames a result
     * over it ({@link ReservedNames}).
     */
    static Candidate look(Path entry) throws IOException {
        BasicFileAttributes attributes;
        try {
            attributes = ReservedNames.lookAt(entry);
        } catch (NoSuchFileException takenMeanwhile) {
            return null;
        }
        if (!(attributes.isRegularFile() || attributes.isDirectory()) || ReservedNames.isReservation(entry, attributes)) {
            return null;
        }
        return new Candidate(entry, attributes.size(), attributes.lastModifiedTime().toMillis(), attributes.isDirectory());
    }
}
