package dev.conveyor.endpoint;

import static dev.conveyor.endpoint.EndpointSettings.EXCLUDE_FILE_PATTERN;
import static dev.conveyor.endpoint.EndpointSettings.FAILURE_FOLDER;
import static dev.conveyor.endpoint.EndpointSettings.INCLUDE_FILE_PATTERN;
import static dev.conveyor.endpoint.EndpointSettings.PRESERVE_FOLDER;
import static dev.conveyor.endpoint.EndpointSettings.RESULT_FOLDER;

import dev.conveyor.common.BoundedRegex;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.HashSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.Predicate;
import java.util.logging.Logger;

/**
 * Which names in a watched folder are work: matching the include patterns, not the exclude
 * patterns, and not one of Conveyor's own folders there (stage, and the first folder of a
 * result, preserve or failure folder that lies inside the watched folder).
 */
public final class FileSelection implements Predicate<String> {

    private static final Logger LOG = Logger.getLogger(FileSelection.class.getName());

    private final FilePattern include;
    private final FilePattern exclude;
    private final Set<String> ownFolders;

    private FileSelection(FilePattern include, FilePattern exclude, Set<String> ownFolders) {
        this.include = include;
        this.exclude = exclude;
        this.ownFolders = ownFolders;
    }

    public static FileSelection of(EndpointConfig endpoint) {
        String excluded = endpoint.get(EXCLUDE_FILE_PATTERN);
        Set<String> own = new HashSet<>(Set.of(Endpoint.STAGE_FOLDER));
        List<String> outputs = new ArrayList<>(List.of(endpoint.get(RESULT_FOLDER), endpoint.get(PRESERVE_FOLDER), endpoint.get(FAILURE_FOLDER)));
        WaitSpec.of(endpoint).ifPresent(wait -> outputs.add(wait.expiredFolder()));
        for (String template : outputs) {
            if (template.isEmpty()) {
                continue;
            }
            Path expanded = Path.of(FolderTemplate.of(template).expand(
                    new FolderTemplate.Values(ZonedDateTime.now(), "job", endpoint.name(), "source", new Random())));
            // Relative, or absolute but inside the watched folder: either way its first folder there is Conveyor's.
            Path target = endpoint.folder().resolve(expanded).normalize();
            if (target.startsWith(endpoint.folder()) && !target.equals(endpoint.folder())) {
                own.add(endpoint.folder().relativize(target).getName(0).toString());
            }
        }
        return new FileSelection(FilePattern.of(endpoint.get(INCLUDE_FILE_PATTERN)),
                excluded.isBlank() ? null : FilePattern.of(excluded), Set.copyOf(own));
    }

    /** A name a pattern gives up on is not taken (logged CNV-2018-W): it stays in the watched folder, where it is safe. */
    @Override
    public boolean test(String name) {
        try {
            return include.matches(name) && (exclude == null || !exclude.matches(name)) && !ownFolders.contains(name);
        } catch (BoundedRegex.GaveUp e) {
            LOG.warning(e.message("the file is not taken and stays in the watched folder"));
            return false;
        }
    }
}
