package dev.conveyor.endpoint;

import dev.conveyor.common.ConveyorException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.Optional;
import java.util.Random;
import java.util.function.Predicate;

/**
 * Checks an endpoint's settings at save time, so that nothing wrong is discovered at scan time.
 * Every refusal names the field and says what would be accepted.
 */
public final class EndpointValidator {

    static final int MAX_NAME_LENGTH = 100;
    static final int MAX_BATCH_SIZE = 10_000;

    private final AllowedRoots roots;
    private final Predicate<String> knownOperation;

    public EndpointValidator(AllowedRoots roots, Predicate<String> knownOperation) {
        this.roots = roots;
        this.knownOperation = knownOperation;
    }

    /**
     * Validates a complete definition (defaults already applied) and returns its watched folder
     * as an absolute path.
     */
    public Path validate(EndpointDefinition d) {
        checkName(d.name());
        Path folder = checkPath(d.path());
        if (d.operationName() == null || d.operationName().isBlank()) {
            throw ConveyorException.invalidField("operationName", "an operation is required; GET /api/operations lists them");
        }
        if (!knownOperation.test(d.operationName())) {
            throw ConveyorException.invalidField("operationName",
                    "no operation is named '" + d.operationName() + "'; GET /api/operations lists them");
        }
        if (d.repeatInterval() < 1) {
            throw ConveyorException.invalidField("repeatInterval", "must be at least 1 second, was " + d.repeatInterval());
        }
        if (d.batchSize() < 1 || d.batchSize() > MAX_BATCH_SIZE) {
            throw ConveyorException.invalidField("batchSize",
                    "must be between 1 and " + MAX_BATCH_SIZE + ", was " + d.batchSize());
        }
        try {
            FilePattern.of(d.includeFilePattern());
        } catch (IllegalArgumentException e) {
            throw ConveyorException.invalidField("includeFilePattern", e.getMessage());
        }
        checkOutputFolder("resultFolder", d.resultFolder(), folder, false, true);
        checkOutputFolder("preserveFolder", d.preserveFolder(), folder, true, true);
        checkOutputFolder("failureFolder", d.failureFolder(), folder, false, false);
        return folder;
    }

    private static void checkName(String name) {
        if (name == null || name.isBlank()) {
            throw ConveyorException.invalidField("name", "a name is required");
        }
        if (name.length() > MAX_NAME_LENGTH) {
            throw ConveyorException.invalidField("name", "at most " + MAX_NAME_LENGTH + " characters");
        }
        if (!name.strip().equals(name) || name.chars().anyMatch(c -> c == '<' || c == '/' || c == '\\' || Character.isISOControl(c))) {
            throw ConveyorException.invalidField("name",
                    "must not contain '<', '/', '\\', control characters or surrounding spaces");
        }
    }

    private Path checkPath(String path) {
        if (path == null || path.isBlank()) {
            throw ConveyorException.invalidField("path", "a folder to watch is required");
        }
        Optional<Path> folder;
        try {
            folder = roots.resolve(path);
        } catch (InvalidPathException e) {
            throw ConveyorException.invalidField("path", "'" + path + "' is not a valid path: " + e.getReason());
        }
        return folder.orElseThrow(() -> ConveyorException.invalidField("path",
                "'" + path + "' is not below an allowed root (CONVEYOR_ROOTS: " + roots.roots() + ")"));
    }

    /**
     * An output folder must expand to a place that is neither the watched folder itself (its
     * results would be taken as new input) nor outside the allowed roots.
     */
    private void checkOutputFolder(String field, String template, Path watched, boolean mayBeEmpty, boolean mayBeAbsolute) {
        if (template.isEmpty() && mayBeEmpty) {
            return;
        }
        if (template.isBlank()) {
            throw ConveyorException.invalidField(field, "a folder is required");
        }
        String sample;
        try {
            sample = FolderTemplate.of(template).expand(new FolderTemplate.Values(
                    ZonedDateTime.now(), "job", "endpoint", "source.ext", new Random(0)));
        } catch (IllegalArgumentException e) {
            throw ConveyorException.invalidField(field, e.getMessage());
        }
        Path expanded;
        try {
            expanded = Path.of(sample);
        } catch (InvalidPathException e) {
            throw ConveyorException.invalidField(field, "'" + template + "' is not a valid path: " + e.getReason());
        }
        if (expanded.isAbsolute() && !mayBeAbsolute) {
            throw ConveyorException.invalidField(field, "must be relative to the watched folder, was '" + template + "'");
        }
        Path target = watched.resolve(expanded).normalize();
        if (target.equals(watched)) {
            throw ConveyorException.invalidField(field, "must not be the watched folder itself: its files would be taken again");
        }
        if (target.startsWith(watched.resolve(Endpoint.STAGE_FOLDER))) {
            throw ConveyorException.invalidField(field, "must not lie in the stage folder, which Conveyor keeps for jobs in progress");
        }
        if (!expanded.isAbsolute() && !target.startsWith(watched)) {
            throw ConveyorException.invalidField(field, "must stay inside the watched folder, was '" + template + "'");
        }
        if (!roots.contains(target)) {
            throw ConveyorException.invalidField(field, "'" + template + "' is not below an allowed root (CONVEYOR_ROOTS)");
        }
    }
}
