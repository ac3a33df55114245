package dev.conveyor.job;

import jakarta.jms.JMSException;
import jakarta.jms.Message;
import java.util.List;

/**
 * The queues jobs travel on and the connection factory that reaches them. The factory is a
 * connector pool of the Artemis resource adapter (deployed as {@value #RESOURCE_ADAPTER}), set up by
 * config/post-boot-commands.txt with the broker credentials, so that sends enlist in the
 * container's transactions.
 */
public final class JobMessaging {

    public static final String RESOURCE_ADAPTER = "artemis-rar";
    public static final String CONNECTION_FACTORY = "jms/conveyor";

    /** The Job Manager queue: one message per chunk of jobs of one endpoint and one bucket, body = their ids. */
    public static final String JOBS_QUEUE = "conveyor.jobs";
    /** Callbacks: one message per chunk run, body = the job ids (the outcomes are on the jobs), taken by the result writer. */
    public static final String CALLBACKS_QUEUE = "conveyor.callbacks";

    private static final String SEPARATOR = ",";
    /**
     * A boolean property of a claim's dispatch: its jobs are known to be short, so a worker may run
     * the chunk quickly (see {@link JobRunner#runQuickly}). Every other dispatch (a retry, a split,
     * a re-queue, a dispatch sent again) lacks it and runs the careful way.
     */
    static final String QUICK = "conveyorQuick";

    private JobMessaging() {
    }

    /** A message body naming jobs: their ids (UUIDs, which hold no comma) joined by commas. */
    public static String body(List<String> jobIds) {
        return String.join(SEPARATOR, jobIds);
    }

    /** Whether the broker delivered this message before (and the delivery's transaction did not commit). */
    public static boolean redelivered(Message message) {
        try {
            return message.getJMSRedelivered();
        } catch (JMSException e) {
            throw new IllegalArgumentException("message without a delivery count: " + message, e);
        }
    }

    /** Whether the dispatch's chunk may run quickly ({@link #QUICK}). */
    public static boolean quick(Message message) {
        try {
            return message.propertyExists(QUICK) && message.getBooleanProperty(QUICK);
        } catch (JMSException e) {
            throw new IllegalArgumentException("dispatch message with an unreadable " + QUICK + " property: " + message, e);
        }
    }

    /** The job ids a {@link #body} names. */
    public static List<String> jobIds(String body) {
        return body.isEmpty() ? List.of() : List.of(body.split(SEPARATOR));
    }
}
