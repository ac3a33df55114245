package dev.conveyor.priority;

/**
 * Where a job waits: the rule it matched first (or the default bucket), the JMS priority its
 * dispatch messages carry, and the share of worker turns it gets while higher buckets have work.
 */
public record Bucket(String name, int jmsPriority, int share) {

    public static final String DEFAULT_NAME = "default";

    /** Jobs no rule matches, and every job while priorities are off: JMS's own default priority. */
    public static final Bucket DEFAULT = new Bucket(DEFAULT_NAME, 4, PrioritySettings.DEFAULT_BUCKET_SHARE);
}
