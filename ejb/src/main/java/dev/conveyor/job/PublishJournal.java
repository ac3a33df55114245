package dev.conveyor.job;

import static dev.conveyor.common.JsonText.JSON;

import dev.conveyor.common.JsonText;
import dev.conveyor.common.MessageId;
import dev.conveyor.files.Confinement;
import dev.conveyor.files.Looks;
import dev.conveyor.files.FileNames;
import dev.conveyor.files.UnsafeFolderException;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * Where a job's results went, kept in its stage folder while they are written
 * ({@code published.json}). A write interrupted by a crash is retried with the same targets: a
 * result already moved is not moved again, and one not yet moved goes to the place reserved for
 * it, so a retry never leaves a name_1 twin. The name about to be reserved is written down before
 * the reservation, so even a crash between reserving and recording finds its reservation again; a
 * unit moved by a rename that refuses a taken name has only that written down, the name it was
 * about to take, which a retry finding the unit gone from the stage folder takes as where it went.
 * <p>
 * The stage folder lies in the watched folder, where anyone who drops files may write: the journal
 * is read as a dropper may have written it. Nothing is read through a link or from anything but a
 * regular file, and a recorded place is used only where this key's unit could have been put
 * ({@link #isPlaceFor}); anything else is ignored and logged ({@code CNV-8007-W}), and the unit
 * goes where a first write would put it. Followed as written, an entry naming any path would have
 * had the result renamed there, over whatever was there, outside the allowed roots too.
 */
final class PublishJournal {

    private static final Logger LOG = Logger.getLogger(PublishJournal.class.getName());

    /** Reserves a target for a key the journal has not seen, telling the journal each name it tries first. */
    @FunctionalInterface
    interface Reservation {
        Path reserve(ResultFiles.Intent intent) throws IOException;
    }

    private static final String INTENT = "?";

    private final Path file;
    private final Confinement confinement;
    private final Map<String, Path> targets = new LinkedHashMap<>();

    private PublishJournal(Path file, Confinement confinement) {
        this.file = file;
        this.confinement = confinement;
    }

    static PublishJournal of(StageFolder stage, Confinement confinement) throws IOException {
        PublishJournal journal = new PublishJournal(stage.jobFolder().resolve("published.json"), confinement);
        // Most jobs publish without one: asked first without the exception a look at a missing file throws.
        if (Looks.nothingAt(journal.file)) {
            return journal;
        }
        BasicFileAttributes look = ResultFiles.lookAt(journal.file);
        if (look == null) {
            return journal;
        }
        if (!look.isRegularFile()) {
            // Conveyor renames a regular file into place: a link or a pipe there is not its journal, and opening a pipe
            // would hold the writer until someone wrote into it.
            journal.ignore("the whole journal", "it is " + (look.isSymbolicLink() ? "a symbolic link" : "not a regular file"));
            return journal;
        }
        JsonObject written;
        try (InputStream in = Files.newInputStream(journal.file, LinkOption.NOFOLLOW_LINKS)) {
            written = JsonText.object(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (RuntimeException notJson) {
            // Conveyor's journal is whole once it has its name (written aside, then renamed): one that does not parse is not its.
            journal.ignore("the whole journal", "it is not the JSON object Conveyor writes");
            return journal;
        }
        written.forEach((key, value) -> pathOf(value).ifPresentOrElse(path -> journal.targets.put(key, path),
                () -> journal.ignore(key, "its value is no path")));
        return journal;
    }

    /** The path a journal entry names; none for a value that is no string or no path. */
    private static Optional<Path> pathOf(JsonValue value) {
        if (!(value instanceof JsonString text)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Path.of(text.getString()));
        } catch (InvalidPathException notAPath) {
            return Optional.empty();
        }
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

    /**
     * Writes down that the unit under {@code key} is about to be put at {@code candidate}: a unit
     * moved there in one step ({@link ResultFiles#moveToFreeName}) needs nothing more written, as a
     * retry that finds it no longer staged takes this as its place ({@link #target}).
     */
    void intend(String key, Path candidate) throws IOException {
        targets.put(key + INTENT, candidate);
        save();
    }

    /**
     * The target recorded for {@code key}, where a unit that {@link ResultFiles#reserve} would put at
     * {@code wanted} can be; else the name written down as intended for it, where it can be (for a
     * unit no longer staged, any such name: the unit was moved there in one step); else a new
     * reservation, recorded before anything moves to it. {@code staged}: whether the unit is still
     * in the stage folder, to be moved.
     */
    Path target(String key, Path wanted, boolean directory, boolean overwrite, boolean staged, Reservation reservation)
            throws IOException {
        Path known = targets.get(key);
        if (known != null && isPlaceFor(known, wanted, directory, overwrite, staged)) {
            return known;
        }
        if (known != null) {
            ignore(key, "it names " + known + ", where this unit cannot have been put");
            targets.remove(key);
        }
        Path intended = targets.get(key + INTENT);
        Path reserved = intended != null && isPlaceFor(intended, wanted, directory, false, staged)
                ? intended
                : reservation.reserve(candidate -> intend(key, candidate));
        targets.remove(key + INTENT);
        targets.put(key, reserved);
        save();
        return reserved;
    }

    /**
     * True when {@code recorded} can be where {@link ResultFiles#reserve} put a unit meant for
     * {@code wanted}: below an allowed root with no link on the way, named as the unit or as one of
     * its indexed names, and, while the unit is still staged (not yet moved there), a placeholder
     * Conveyor made for it, empty and with no permissions, or with {@code overwrite} the unit's own
     * name. The folder is not compared: a retry may expand a dated or random folder pattern
     * differently from the write it finishes.
     */
    private boolean isPlaceFor(Path recorded, Path wanted, boolean directory, boolean overwrite, boolean staged) throws IOException {
        String name = wanted.getFileName().toString();
        if (recorded.getFileName() == null || !recorded.isAbsolute() || !confinement.isBelowRoot(recorded)
                || !FileNames.isIndexedForm(recorded.getFileName().toString(), name, directory)) {
            return false;
        }
        try {
            confinement.check(recorded.getParent());
        } catch (UnsafeFolderException linkOnTheWay) {
            return false;
        }
        if (!staged) {
            return true;
        }
        return overwrite ? recorded.getFileName().toString().equals(name) : ResultFiles.isEmptyReservation(recorded);
    }

    /** Leaves an entry that is not Conveyor's unused, and says so: someone who may write into the watched folder wrote it. */
    private void ignore(String key, String why) {
        LOG.warning(MessageId.JOURNAL_ENTRY_IGNORED.format(key, file, why));
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
