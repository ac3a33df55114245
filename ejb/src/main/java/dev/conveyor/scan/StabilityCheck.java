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
import java.util.stream.Stream;

/**
 * Two looks before a claim: a file (or job folder) is taken only when its size and modification
 * time (for a folder: total size, newest modification and number of entries) are what the
 * previous scan saw. A file still being written changes between the looks and waits. The memory
 * holds only the last scan's candidates, so it stays as small as a batch.
 */
public final class StabilityCheck {

    private record Look(long size, long modified, long entries) {
    }

    private Map<Path, Look> previous = Map.of();

    /** The candidates unchanged since the last call; remembers what this call saw. */
    public synchronized List<Path> unchangedSinceLastLook(List<Path> candidates) throws IOException {
        Map<Path, Look> now = new HashMap<>();
        List<Path> unchanged = new ArrayList<>();
        for (Path candidate : candidates) {
            Look look = look(candidate);
            if (look == null) {
                continue;
            }
            now.put(candidate, look);
            if (look.equals(previous.get(candidate))) {
                unchanged.add(candidate);
            }
        }
        previous = now;
        return unchanged;
    }

    private static Look look(Path path) throws IOException {
        try {
            BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (!attributes.isDirectory()) {
                return new Look(attributes.size(), attributes.lastModifiedTime().toMillis(), 1);
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
            return new Look(totals[0], totals[1], totals[2]);
        } catch (NoSuchFileException | UncheckedIOException gone) {
            return null;
        }
    }
}
