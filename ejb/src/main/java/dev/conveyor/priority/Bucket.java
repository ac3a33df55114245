package dev.conveyor.priority;

import dev.conveyor.job.JobBucket;

/**
 * Where a job waits: the rule it matched first (or the default bucket), the JMS priority its
 * dispatch messages carry, and the share of worker turns it gets while higher buckets have work.
 */
public record Bucket(String name, int jmsPriority, int share) implements JobBucket {

    /** Jobs no rule matches, and every job while priorities are off: JMS's own default priority. */
    public static final Bucket DEFAULT = new Bucket(DEFAULT_NAME, DEFAULT_JMS_PRIORITY, PrioritySettings.DEFAULT_BUCKET_SHARE);
}
