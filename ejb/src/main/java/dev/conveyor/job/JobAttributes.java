package dev.conveyor.job;

import static dev.conveyor.common.JsonText.JSON;

import dev.conveyor.common.JsonText;
import dev.conveyor.files.FileNames;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The attributes a job carries from its claim on: what rules, waits and notifies read in their
 * expressions, and what signals copy in. Values are text, as in JMS message properties.
 */
public final class JobAttributes {

    public static final String FILE_NAME = "file.name";
    public static final String FILE_BASE_NAME = "file.baseName";
    public static final String FILE_EXTENSION = "file.extension";
    public static final String FILE_SIZE = "file.size";
    public static final String ENDPOINT = "endpoint";
    public static final String USER_NAME = "userName";
    public static final String JOB_ID = "job.id";

    /** Names and name prefixes Conveyor sets itself: what identifies a job, its file, its fan-out family and its wait. */
    private static final Set<String> OWN_NAMES = Set.of(ENDPOINT, USER_NAME);
    private static final List<String> OWN_PREFIXES = List.of("file.", "job.", "fragment.", "wait.");

    private JobAttributes() {
    }

    /**
     * Whether {@code name} is one of Conveyor's own attributes, which producers (JMS properties,
     * notify attributes) may not set: they pick a job's bucket, its signal and its family.
     */
    public static boolean isConveyors(String name) {
        return OWN_NAMES.contains(name) || OWN_PREFIXES.stream().anyMatch(name::startsWith);
    }

    /** The attributes every job has: its source file, endpoint, identity and id. */
    public static Map<String, String> of(String jobId, String endpoint, String source, long size, String userName) {
        Map<String, String> attributes = new LinkedHashMap<>();
        attributes.put(FILE_NAME, source);
        attributes.put(FILE_BASE_NAME, FileNames.baseName(source));
        attributes.put(FILE_EXTENSION, FileNames.extension(source));
        attributes.put(FILE_SIZE, Long.toString(size));
        attributes.put(ENDPOINT, endpoint);
        attributes.put(USER_NAME, userName == null ? "" : userName);
        attributes.put(JOB_ID, jobId);
        return attributes;
    }

    static String toJson(Map<String, String> attributes) {
        JsonObjectBuilder json = JSON.createObjectBuilder();
        attributes.forEach(json::add);
        return json.build().toString();
    }

    static Map<String, String> fromJson(String json) {
        if (json == null || json.isEmpty()) {
            return Map.of();
        }
        Map<String, String> attributes = new LinkedHashMap<>();
        JsonText.object(json).forEach((name, value) -> attributes.put(name, ((JsonString) value).getString()));
        return attributes;
    }
}
