package dev.conveyor.job;

import static dev.conveyor.endpoint.EndpointSettings.FREE_QUEUE_SIZE_THRESHOLD;
import static dev.conveyor.endpoint.EndpointSettings.MAX_QUEUE_SIZE;

import dev.conveyor.endpoint.EndpointConfig;

/**
 * An endpoint's input queue at one moment: the jobs it has accepted and not yet started
 * (STAGED or QUEUED) against its bound, in the seed's terms (maximum size, free size, free-size
 * threshold in percent of the maximum).
 */
public record InputQueue(int maxQueueSize, int freeQueueSizeThreshold, int queuedJobs) {

    public static InputQueue of(EndpointConfig endpoint, int queuedJobs) {
        return new InputQueue(endpoint.get(MAX_QUEUE_SIZE), endpoint.get(FREE_QUEUE_SIZE_THRESHOLD), queuedJobs);
    }

    public int freeQueueSize() {
        return Math.max(0, maxQueueSize - queuedJobs);
    }

    public boolean isFull() {
        return freeQueueSize() == 0;
    }

    /** The free size is at or below the threshold's share of the maximum (20% of 10,000: 2,000 free or fewer). */
    public boolean atOrBelowThreshold() {
        return (long) freeQueueSize() * 100 <= (long) maxQueueSize * freeQueueSizeThreshold;
    }

    /** How many of {@code wanted} new jobs fit. */
    public int room(int wanted) {
        return Math.min(wanted, freeQueueSize());
    }

    public InputQueue plus(int accepted) {
        return new InputQueue(maxQueueSize, freeQueueSizeThreshold, queuedJobs + accepted);
    }
}
