package dev.conveyor.metrics;

/** The metric names, as registered (Prometheus replaces the dots by underscores and adds units and _total). */
public final class MetricNames {

    public static final String JOBS_FINISHED = "conveyor.jobs.finished";
    public static final String JOB_DURATION = "conveyor.job.duration";
    public static final String BUCKET_JOBS_SERVED = "conveyor.bucket.jobs.served";
    public static final String BUCKET_WAIT = "conveyor.bucket.wait";
    public static final String QUEUE_SIZE = "conveyor.queue.size";
    public static final String QUEUE_FREE = "conveyor.queue.free";
    public static final String ENDPOINT_BLOCKED = "conveyor.endpoint.blocked";
    public static final String SIGNAL_WAITING_JOBS = "conveyor.signal.waiting.jobs";
    public static final String NODE_HEARTBEAT_AGE = "conveyor.node.heartbeat.age";

    private MetricNames() {
    }
}
