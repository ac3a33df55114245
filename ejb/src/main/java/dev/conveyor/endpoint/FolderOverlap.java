package dev.conveyor.endpoint;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Keeps endpoints' watched folders apart from each other and from Conveyor's data folder: a
 * watched folder inside another would have the outer endpoint take the inner one's stage and
 * results as input, and one over the data folder would hand the database and the broker's journal
 * to the operations. Only the drop area Conveyor keeps in its data folder ({@code folders}, the
 * default root) may hold watched folders.
 */
public final class FolderOverlap {

    private FolderOverlap() {
    }

    /**
     * What {@code folder} overlaps, described for the refusal, or empty when it stands apart.
     * {@code others} are the other endpoints' watched folders by endpoint name.
     */
    public static Optional<String> of(Path folder, Map<String, Path> others, Path dataFolder) {
        Path mine = folder.toAbsolutePath().normalize();
        for (var other : others.entrySet()) {
            Path theirs = other.getValue().toAbsolutePath().normalize();
            if (!mine.equals(theirs) && (mine.startsWith(theirs) || theirs.startsWith(mine))) {
                return Optional.of("folder " + theirs + " of endpoint '" + other.getKey() + "'");
            }
        }
        Path data = dataFolder.toAbsolutePath().normalize();
        if (data.startsWith(mine) || mine.startsWith(data) && !mine.startsWith(data.resolve("folders"))) {
            return Optional.of("Conveyor's data folder " + data);
        }
        return Optional.empty();
    }
}
