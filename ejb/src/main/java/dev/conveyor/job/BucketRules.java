package dev.conveyor.job;

import java.util.Map;

/**
 * Which bucket a new job goes in: asked by whoever makes jobs (claims, fan-out), answered by the
 * priority package, so that job needs to know nothing of how rules are kept or matched.
 */
public interface BucketRules {

    /** The rules as they stand, read once to place a whole batch of new jobs. */
    Placement current();

    /** Rules read at one moment: the bucket a job with these attributes goes in. */
    @FunctionalInterface
    interface Placement {
        JobBucket bucketOf(Map<String, String> attributes);
    }
}
