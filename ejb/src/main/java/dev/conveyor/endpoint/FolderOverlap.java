package dev.conveyor.endpoint;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Keeps endpoints' folders apart from each other and from Conveyor's data folder: a watched folder
 * inside another would have the outer endpoint take the inner one's stage and results as input; an
 * output folder in another endpoint's stage folder would mix its results with that endpoint's jobs
 * in progress; and a watched folder over the data folder would hand the database and the broker's
 * journal to the operations. Only the drop area Conveyor keeps in its data folder ({@code folders},
 * the default root) may hold watched folders. Results written into another endpoint's watched
 * folder (chaining) are allowed: that is how endpoints feed each other.
 */
public final class FolderOverlap {

    /** A folder of the endpoint being saved, and what it overlaps, described for the refusal. */
    public record Found(Path folder, String overlapped) {
    }

    private FolderOverlap() {
    }

    /** What {@code endpoint}'s folders overlap among {@code others} (the other endpoints) and the data folder, if anything. */
    public static Optional<Found> of(EndpointConfig endpoint, List<EndpointConfig> others, Path dataFolder) {
        Path mine = endpoint.folder().toAbsolutePath().normalize();
        for (EndpointConfig other : others) {
            Path theirs = other.folder().toAbsolutePath().normalize();
            if (!mine.equals(theirs) && (mine.startsWith(theirs) || theirs.startsWith(mine))) {
                return Optional.of(new Found(mine, "folder " + theirs + " of endpoint '" + other.name() + "'"));
            }
            Optional<Found> intoStage = outputIntoStage(endpoint, other).or(() -> outputIntoStage(other, endpoint)
                    .map(found -> new Found(mine.resolve(Endpoint.STAGE_FOLDER), "output folder " + found.folder()
                            + " of endpoint '" + other.name() + "'")));
            if (intoStage.isPresent()) {
                return intoStage;
            }
        }
        Path data = dataFolder.toAbsolutePath().normalize();
        if (data.startsWith(mine) || mine.startsWith(data) && !mine.startsWith(data.resolve("folders"))) {
            return Optional.of(new Found(mine, "Conveyor's data folder " + data));
        }
        return Optional.empty();
    }

    /** An absolute output folder of {@code writer} that lies in {@code owner}'s stage folder. */
    private static Optional<Found> outputIntoStage(EndpointConfig writer, EndpointConfig owner) {
        Path stage = owner.folder().toAbsolutePath().normalize().resolve(Endpoint.STAGE_FOLDER);
        return writer.ownFolders().stream().skip(1).map(output -> output.toAbsolutePath().normalize())
                .filter(output -> output.startsWith(stage)).findFirst()
                .map(output -> new Found(output, "the stage folder " + stage + " of endpoint '" + owner.name() + "'"));
    }
}
