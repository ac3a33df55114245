package dev.conveyor.flow;

import dev.conveyor.job.InputQueue;
import dev.conveyor.endpoint.EndpointConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;
import java.util.logging.Logger;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;

/**
 * Watches the input queues as scans and submissions see them: the first look at or below the
 * free-size threshold logs CNV-7001-W (the seed's KFSP42032-W: queue name, element count, limit,
 * threshold) unless the endpoint's freeQueueSizeThresholdWarning is off, and counts one crossing in
 * the metric {@value #CROSSINGS_METRIC} (tag {@code endpoint}), at /metrics. Crossings are remembered per node: on a cluster each node warns
 * once per crossing it sees.
 */
@ApplicationScoped
public class QueueMonitor {

    public static final String CROSSINGS_METRIC = "conveyor.queue.threshold.crossings";

    private static final Logger LOG = Logger.getLogger(QueueMonitor.class.getName());

    @Inject
    MetricRegistry metrics;

    private final ThresholdWarnings warnings = new ThresholdWarnings(LOG::warning);

    private final LastCounts counts = new LastCounts();

    public void observe(EndpointConfig endpoint, InputQueue queue) {
        counts.counted(endpoint.name(), queue);
        if (warnings.observe(endpoint, queue)) {
            metrics.counter(CROSSINGS_METRIC, new Tag("endpoint", endpoint.name())).inc();
        }
    }

    /** The endpoint's queue as this node last observed it, when that left room for {@code jobs} more (see {@link LastCounts}). */
    public Optional<InputQueue> lastSeenWithRoomFor(String endpoint, int jobs) {
        return counts.withRoomFor(endpoint, jobs);
    }
}
