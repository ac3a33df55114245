package dev.conveyor.job;

import static dev.conveyor.common.JsonText.JSON;

import dev.conveyor.common.JsonText;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Where a job's results went, kept in its stage folder while they are written
 * ({@code published.json}). A write interrupted by a crash is retried with the same targets: a
 * result already moved is not moved again, and one not yet moved goes to the place reserved for
 * it, so a retry never leaves a name_1 twin. The name about to be reserved is written down before
 * the reservation, so even a crash between reserving and recording finds its reservation again.
 */
final class PublishJournal {

    /** Reserves a target for a key the journal has not seen, telling the journal each name it tries first. */
    @FunctionalInterface
    interface Reservation {
        Path reserve(ResultFiles.Intent intent) throws IOException;
    }

    private static final String INTENT = "?";

    private final Path file;
    private final Map<String, Path> targets = new LinkedHashMap<>();

    private PublishJournal(Path file) {
        this.file = file;
    }

    static PublishJournal of(StageFolder stage) throws IOException {
        PublishJournal journal = new PublishJournal(stage.jobFolder().resolve("published.json"));
        if (Files.exists(journal.file)) {
            JsonText.object(Files.readString(journal.file, StandardCharsets.UTF_8))
                    .forEach((key, value) -> journal.targets.put(key, Path.of(((JsonString) value).getString())));
        }
        return journal;
    }

    /** True when a target for the key was reserved (or was about to be). */
    boolean has(String key) {
        return targets.containsKey(key) || targets.containsKey(key + INTENT);
    }

    /** True when a target for the key was reserved and recorded (not only about to be). */
    boolean knows(String key) {
        return targets.containsKey(key);
    }

    /** Writes down a path under {@code key} that is no reservation (where a unit's part will be once the unit is moved). */
    void note(String key, Path path) throws IOException {
        if (!path.equals(targets.get(key))) {
            targets.put(key, path);
            save();
        }
    }

    /** What {@link #note} wrote down under {@code key}, if anything. */
    Optional<Path> noted(String key) {
        return Optional.ofNullable(targets.get(key));
    }

    /** The target recorded for {@code key}; else a new reservation, recorded before anything moves to it. */
    Path target(String key, Reservation reservation) throws IOException {
        Path known = targets.get(key);
        if (known != null) {
            return known;
        }
        Path intended = targets.get(key + INTENT);
        Path reserved = intended != null && Files.exists(intended) && ResultFiles.isEmptyReservation(intended)
                ? intended
                : reservation.reserve(candidate -> {
                    targets.put(key + INTENT, candidate);
                    save();
                });
        targets.remove(key + INTENT);
        targets.put(key, reserved);
        save();
        return reserved;
    }

    private void save() throws IOException {
        JsonObjectBuilder json = JSON.createObjectBuilder();
        targets.forEach((key, target) -> json.add(key, target.toString()));
        Files.createDirectories(file.getParent());
        Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
        // A fresh file, never one found there: a link put in its place would have the journal written through it.
        Files.deleteIfExists(temporary);
        Files.writeString(temporary, json.build().toString(), StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW,
                StandardOpenOption.WRITE);
        Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }
}
