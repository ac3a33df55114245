package dev.conveyor.scan;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.stream.Stream;

/**
 * Two looks before a claim: a file (or job folder) is taken only when its size and modification
 * time (for a folder: total size, newest modification and number of entries) are what an earlier
 * look saw, long enough before. A file still being written changes between the looks and waits.
 * <p>
 * How long is enough depends on what is known of the file. Without file-system events, looks come
 * from timer scans a scan interval apart, and {@link #MINIMUM_GAP_MS} is all that is asked. With
 * events ({@link #watched}), a file that was only created or moved in, and holds bytes, needs the
 * same {@link #MINIMUM_GAP_MS}: a file renamed into the folder is whole. A file seen being written
 * in place, an empty file, a job folder (whose inside has no events here), and everything while
 * events were lost, need the in-place gap, most of a scan interval: a writer pausing shorter than
 * that between writes is not taken half-done, as without events. The memory holds the last scan's
 * candidates and the files written lately, so it stays as small as a batch.
 */
public final class StabilityCheck {

    /** The shortest time between two looks that take a file. */
    public static final long MINIMUM_GAP_MS = 50;

    /** What a look saw, and when: an unchanged candidate keeps the time of its first look. */
    private record Look(long size, long modified, long entries, boolean folder, long atMillis) {

        boolean sameAs(Look other) {
            return other != null && size == other.size && modified == other.modified && entries == other.entries;
        }
    }

    private final LongSupplier clockMillis;
    private Map<Path, Look> previous = Map.of();
    private int awaitingSecondLook;
    private long looks;
    /** 0 while the folder's events are not watched. */
    private long inPlaceGapMs;
    private final Map<Path, Long> writtenAt = new HashMap<>();
    private Long eventsLostAt;

    public StabilityCheck() {
        this(() -> System.nanoTime() / 1_000_000);
    }

    /** With a clock of the caller's (milliseconds, monotonic). */
    StabilityCheck(LongSupplier clockMillis) {
        this.clockMillis = clockMillis;
    }

    /** The folder's events are watched now: files not known to be whole need {@code inPlaceGapMs} between looks. */
    public synchronized void watched(long inPlaceGapMs) {
        this.inPlaceGapMs = Math.max(MINIMUM_GAP_MS, inPlaceGapMs);
    }

    /** Events said these files were written in place; with {@code eventsLost}, some events were not delivered. */
    public synchronized void written(Collection<Path> files, boolean eventsLost) {
        long at = clockMillis.getAsLong();
        files.forEach(file -> writtenAt.put(file, at));
        if (eventsLost) {
            eventsLostAt = at;
        }
    }

    /** The candidates unchanged for long enough; remembers what this call saw. */
    public synchronized List<Path> unchangedSinceLastLook(List<Path> candidates) throws IOException {
        Map<Path, Look> now = new HashMap<>();
        List<Path> unchanged = new ArrayList<>();
        long at = clockMillis.getAsLong();
        // A write older than two in-place gaps no longer matters: the file has been still since, or was looked at again.
        writtenAt.values().removeIf(written -> at - written > 2 * inPlaceGapMs);
        for (Path candidate : candidates) {
            Look look = look(candidate, at);
            if (look == null) {
                continue;
            }
            Look before = previous.get(candidate);
            if (look.sameAs(before)) {
                look = before;
                if (at - before.atMillis() >= gapFor(candidate, look, at)) {
                    unchanged.add(candidate);
                }
            }
            now.put(candidate, look);
        }
        previous = now;
        awaitingSecondLook = now.size() - unchanged.size();
        looks++;
        return unchanged;
    }

    private long gapFor(Path candidate, Look look, long at) {
        boolean eventsLostLately = eventsLostAt != null && at - eventsLostAt <= inPlaceGapMs;
        boolean knownWhole = !look.folder() && look.size() > 0 && !writtenAt.containsKey(candidate) && !eventsLostLately;
        return inPlaceGapMs == 0 || knownWhole ? MINIMUM_GAP_MS : inPlaceGapMs;
    }

    /** How many of the last look's candidates were not taken as unchanged: a look after the gap may take them. */
    public synchronized int awaitingSecondLook() {
        return awaitingSecondLook;
    }

    /** How many looks were taken: tells a caller whether a scan looked at all (a full queue takes no look). */
    public synchronized long looks() {
        return looks;
    }

    private static Look look(Path path, long at) throws IOException {
        try {
            BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (!attributes.isDirectory()) {
                return new Look(attributes.size(), attributes.lastModifiedTime().toMillis(), 1, false, at);
            }
            long[] totals = {0, attributes.lastModifiedTime().toMillis(), 0};
            try (Stream<Path> walk = Files.walk(path)) {
                walk.forEach(entry -> {
                    try {
                        BasicFileAttributes a = Files.readAttributes(entry, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                        totals[0] += a.isRegularFile() ? a.size() : 0;
                        totals[1] = Math.max(totals[1], a.lastModifiedTime().toMillis());
                        totals[2]++;
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
            }
            return new Look(totals[0], totals[1], totals[2], true, at);
        } catch (NoSuchFileException | UncheckedIOException gone) {
            return null;
        }
    }
}
