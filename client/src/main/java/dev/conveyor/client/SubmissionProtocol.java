package dev.conveyor.client;

/**
 * The message format between producers and Conveyor, shared by this library and the server.
 * <p>
 * A request goes to {@value #SUBMISSIONS_QUEUE} with the string property {@value #ENDPOINT} and
 * {@value #REQUEST}: {@value #SUBMIT} or {@value #QUEUE_SIZE}. A submission carries the document
 * either as a {@code BytesMessage} body with {@value #FILE_NAME}, or as a path the server can read
 * (below one of its allowed roots) in {@value #PATH}; {@value #SUBMISSION_ID} makes a repeated
 * submission (a redelivery, or the producer putting the same job again after a timeout) one job.
 * Every other string property that does not start with {@code JMS} or {@value #PREFIX} becomes a
 * job attribute. With {@code JMSReplyTo} set, the answer comes there, correlated by the
 * request's {@value #SUBMISSION_ID} (or its JMSMessageID): {@value #STATUS} (one of
 * {@link Status}), {@value #JOB_ID}, {@value #CODE} and {@value #REASON} when refused, and the
 * queue as it was left: {@value #MAX_QUEUE_SIZE}, {@value #FREE_QUEUE_SIZE},
 * {@value #QUEUED_JOBS}, {@value #FREE_QUEUE_SIZE_THRESHOLD}. Without a reply queue, a refused
 * submission is moved, unchanged and with the same status, code and reason properties, to
 * {@value #REFUSED_QUEUE}: never dropped.
 */
public final class SubmissionProtocol {

    public static final String SUBMISSIONS_QUEUE = "conveyor.submissions";
    public static final String REFUSED_QUEUE = "conveyor.submissions.refused";

    /** Property names are Java identifiers, as Jakarta Messaging requires; they all start with this. */
    public static final String PREFIX = "conveyor";

    public static final String REQUEST = "conveyorRequest";
    public static final String SUBMIT = "submit";
    public static final String QUEUE_SIZE = "queueSize";

    public static final String ENDPOINT = "conveyorEndpoint";
    public static final String FILE_NAME = "conveyorFileName";
    public static final String PATH = "conveyorPath";
    public static final String SUBMISSION_ID = "conveyorSubmissionId";

    public static final String STATUS = "conveyorStatus";
    public static final String JOB_ID = "conveyorJobId";
    public static final String CODE = "conveyorCode";
    public static final String REASON = "conveyorReason";
    public static final String MAX_QUEUE_SIZE = "conveyorMaxQueueSize";
    public static final String FREE_QUEUE_SIZE = "conveyorFreeQueueSize";
    public static final String QUEUED_JOBS = "conveyorQueuedJobs";
    public static final String FREE_QUEUE_SIZE_THRESHOLD = "conveyorFreeQueueSizeThreshold";

    /** What the server did with a request. */
    public enum Status {
        /** A job holds the document; the queue has room above its threshold. */
        ACCEPTED,
        /** A job holds the document, and the queue's free size is at or below its threshold: back off. */
        ACCEPTED_AT_THRESHOLD,
        /** Nothing was taken: the queue is full. Put it again later. */
        FULL,
        /** Nothing was taken, for the reason given (unknown or paused endpoint, path refused, malformed). */
        REFUSED,
        /** The answer to a queue-size request. */
        QUEUE
    }

    private SubmissionProtocol() {
    }

    /** True for a property the server reads itself rather than copying it to the job's attributes. */
    public static boolean isProtocolProperty(String name) {
        return name.startsWith(PREFIX) || name.startsWith("JMS") || name.startsWith("_");
    }
}
