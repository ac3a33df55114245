package dev.conveyor.flow;

import dev.conveyor.job.InputQueue;
import static dev.conveyor.endpoint.EndpointSettings.FREE_QUEUE_SIZE_THRESHOLD_WARNING;

import dev.conveyor.common.MessageId;
import dev.conveyor.endpoint.EndpointConfig;
import java.util.function.Consumer;

/**
 * What a look at an input queue leaves behind: on a crossing of the free-size threshold, the
 * warning CNV-7001-W, written only when the endpoint's freeQueueSizeThresholdWarning is on. The
 * crossing itself is reported either way, since the metric and the producers' answer do not depend
 * on the log.
 */
public final class ThresholdWarnings {

    private final ThresholdCrossings crossings = new ThresholdCrossings();
    private final Consumer<String> log;

    public ThresholdWarnings(Consumer<String> log) {
        this.log = log;
    }

    /** True when this look is a crossing; writes the warning if the endpoint wants it written. */
    public boolean observe(EndpointConfig endpoint, InputQueue queue) {
        if (!crossings.crossedNow(endpoint.name(), queue)) {
            return false;
        }
        if (endpoint.get(FREE_QUEUE_SIZE_THRESHOLD_WARNING)) {
            log.accept(MessageId.QUEUE_THRESHOLD_REACHED.format(endpoint.name(), queue.queuedJobs(), queue.maxQueueSize(),
                    queue.freeQueueSizeThreshold()));
        }
        return true;
    }
}
