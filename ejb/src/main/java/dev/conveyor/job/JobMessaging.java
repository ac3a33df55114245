package dev.conveyor.job;

/**
 * The queues jobs travel on and the connection factory that reaches them. The factory is a
 * connector pool of the Artemis resource adapter (deployed as {@value #RESOURCE_ADAPTER}), set up by
 * config/post-boot-commands.txt with the broker credentials, so that sends enlist in the
 * container's transactions.
 */
public final class JobMessaging {

    public static final String RESOURCE_ADAPTER = "artemis-rar";
    public static final String CONNECTION_FACTORY = "jms/conveyor";

    /** The Job Manager queue: one message per job to run, body = job id. */
    public static final String JOBS_QUEUE = "conveyor.jobs";
    /** Callbacks: one message per operation run, body = job id (the outcome is on the job), taken by the result writer. */
    public static final String CALLBACKS_QUEUE = "conveyor.callbacks";


    private JobMessaging() {
    }
}
