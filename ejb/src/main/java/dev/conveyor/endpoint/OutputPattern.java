package dev.conveyor.endpoint;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.Random;

/**
 * An output parameter mapping: a name for an output inside the result folder, with the folder
 * patterns (%F and %E name the source; %Y %M %D... the time). Ending in '/' makes a folder that
 * the output's documents go into under their own names; otherwise a single document takes the
 * name, and a list or map becomes a folder of that name.
 */
public final class OutputPattern {

    private final FolderTemplate template;
    private final boolean folder;

    private OutputPattern(FolderTemplate template, boolean folder) {
        this.template = template;
        this.folder = folder;
    }

    /** @throws IllegalArgumentException for an empty, absolute or escaping pattern, or an unknown placeholder */
    public static OutputPattern of(String pattern) {
        if (pattern.isBlank()) {
            throw new IllegalArgumentException("an output pattern must not be empty");
        }
        FolderTemplate template = FolderTemplate.of(pattern);
        String sample = template.expand(new FolderTemplate.Values(ZonedDateTime.now(), "job", "endpoint",
                "source.ext", new Random(0)));
        try {
            Path path = Path.of(sample);
            if (path.isAbsolute() || path.normalize().startsWith("..") || path.normalize().toString().isEmpty()) {
                throw new IllegalArgumentException("'" + pattern + "' must name a place inside the result folder");
            }
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException("'" + pattern + "' is not a valid path: " + e.getReason());
        }
        return new OutputPattern(template, pattern.endsWith("/"));
    }

    /** True when the pattern ends in '/': a folder the documents go into under their own names. */
    public boolean isFolder() {
        return folder;
    }

    /** The relative path the pattern gives for one job. */
    public Path expand(FolderTemplate.Values values) {
        return Path.of(template.expand(values)).normalize();
    }

    @Override
    public String toString() {
        return template.toString();
    }
}
