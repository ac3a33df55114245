package dev.conveyor.job;

import dev.conveyor.endpoint.EndpointConfig;
import dev.conveyor.endpoint.EndpointSettings;
import dev.conveyor.files.FileTrees;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Makes jobs: the one place a job is built, for a scan's claim, a submission, a retry and a
 * fan-out child alike, so every job starts the same way (STAGED, the endpoint's identity, the
 * standard attributes, a bucket).
 */
public final class JobFactory {

    private JobFactory() {
    }

    /**
     * A new STAGED job of {@code endpoint} for {@code input} (a file or a job folder, where it lies
     * or where it is about to be staged): it runs as the endpoint's userName and domainName, has
     * the standard attributes ({@link JobAttributes#of}) with {@code attributes} over them, and
     * goes in the bucket {@code placement} gives those. Not persisted.
     */
    public static Job create(EndpointConfig endpoint, String id, Path input, Map<String, String> attributes, String submissionId,
            BucketRules.Placement placement) {
        String source = input.getFileName().toString();
        String userName = endpoint.get(EndpointSettings.USER_NAME);
        Job job = new Job(id, endpoint.name(), source, userName, endpoint.get(EndpointSettings.DOMAIN_NAME), Instant.now());
        Map<String, String> all = new LinkedHashMap<>(JobAttributes.of(id, endpoint.name(), source, sizeOf(input), userName));
        all.putAll(attributes);
        job.putAttributes(all);
        job.assignBucket(placement.bucketOf(all));
        job.setSubmissionId(submissionId);
        return job;
    }

    /** A file's size, or the total of a job folder's files; 0 when it cannot be read (the claim then tells why). */
    private static long sizeOf(Path input) {
        try {
            BasicFileAttributes attributes = Files.readAttributes(input, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (!attributes.isDirectory()) {
                // A single file, most jobs: one look, where a walk takes three.
                return attributes.isRegularFile() ? attributes.size() : 0;
            }
        } catch (IOException e) {
            return 0;
        }
        try {
            // Links not followed: a link a dropper put in the folder would have told them the size of what it points at.
            return FileTrees.bytes(input);
        } catch (IOException e) {
            return 0;
        }
    }
}
