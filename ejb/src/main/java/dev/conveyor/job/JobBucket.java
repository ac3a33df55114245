package dev.conveyor.job;

/**
 * The priority bucket a job is put in, as the job keeps it: the bucket's name and the JMS priority
 * of the job's dispatch messages. The priority rules decide it ({@link BucketRules}); the job only
 * remembers it for every resend.
 */
public interface JobBucket {

    /** Jobs no rule matches, every job while priorities are off, and rows from before priorities. */
    String DEFAULT_NAME = "default";

    /** The default bucket's JMS priority: JMS's own default. */
    int DEFAULT_JMS_PRIORITY = 4;

    String name();

    int jmsPriority();
}
