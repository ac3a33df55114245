package dev.conveyor.client;

/**
 * The job WAS accepted ({@link #getJobId()}), and the endpoint's free queue size is now at or
 * below its threshold: the producer should back off until {@link JobInput#getFreeQueueSize()}
 * is large enough again (see {@link BackOffLoop}).
 */
public class QueueThresholdExceededException extends ConveyorClientException {

    private final String jobId;
    private final int freeQueueSize;
    private final int maxQueueSize;

    public QueueThresholdExceededException(String jobId, int freeQueueSize, int maxQueueSize, int thresholdPercent) {
        super("job " + jobId + " accepted; free queue size " + freeQueueSize + " of " + maxQueueSize
                + " is at or below the threshold of " + thresholdPercent + "%");
        this.jobId = jobId;
        this.freeQueueSize = freeQueueSize;
        this.maxQueueSize = maxQueueSize;
    }

    public String getJobId() {
        return jobId;
    }

    public int getFreeQueueSize() {
        return freeQueueSize;
    }

    public int getMaxQueueSize() {
        return maxQueueSize;
    }
}
