package dev.conveyor.scan;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.stream.Stream;

/**
 * Two looks before a claim: a file (or job folder) is taken only when its size and modification
 * time (for a folder: total size, newest modification and number of entries) are what a look at
 * least {@link #MINIMUM_GAP_MS} ms earlier saw. A file still being written changes between the
 * looks and waits. Timer scans are a scan interval apart; a scan started by a file-system event
 * looks again after the gap. The memory holds only the last scan's candidates, so it stays as
 * small as a batch.
 */
public final class StabilityCheck {

    /** Writes further apart than this in one file are not seen as one write: such writers need waitTime or a rename. */
    public static final long MINIMUM_GAP_MS = 50;

    /** What a look saw, and when: an unchanged candidate keeps the time of its first look. */
    private record Look(long size, long modified, long entries, long atMillis) {

        boolean sameAs(Look other) {
            return other != null && size == other.size && modified == other.modified && entries == other.entries;
        }
    }

    private final LongSupplier clockMillis;
    private Map<Path, Look> previous = Map.of();
    private int awaitingSecondLook;
    private long looks;

    public StabilityCheck() {
        this(() -> System.nanoTime() / 1_000_000);
    }

    /** With a clock of the caller's (milliseconds, monotonic). */
    StabilityCheck(LongSupplier clockMillis) {
        this.clockMillis = clockMillis;
    }

    /** The candidates unchanged for at least the gap; remembers what this call saw. */
    public synchronized List<Path> unchangedSinceLastLook(List<Path> candidates) throws IOException {
        Map<Path, Look> now = new HashMap<>();
        List<Path> unchanged = new ArrayList<>();
        long at = clockMillis.getAsLong();
        for (Path candidate : candidates) {
            Look look = look(candidate, at);
            if (look == null) {
                continue;
            }
            Look before = previous.get(candidate);
            if (look.sameAs(before)) {
                look = before;
                if (at - before.atMillis() >= MINIMUM_GAP_MS) {
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
                return new Look(attributes.size(), attributes.lastModifiedTime().toMillis(), 1, at);
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
            return new Look(totals[0], totals[1], totals[2], at);
        } catch (NoSuchFileException | UncheckedIOException gone) {
            return null;
        }
    }
}
