package dev.conveyor.web.overview;

import static dev.conveyor.common.JsonText.JSON;

import dev.conveyor.endpoint.EndpointService;
import dev.conveyor.job.JobMessaging;
import dev.conveyor.job.JobState;
import dev.conveyor.job.JobStatistics;
import dev.conveyor.job.MinuteCounts;
import dev.conveyor.node.NodeRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import java.io.StringReader;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;

/**
 * The console's overview in one JSON object: every endpoint with its state and input queue, jobs
 * ended recently, throughput per minute over the last hour, the last hour's failures, the nodes,
 * and whether the database and the broker answer. A handful of grouped counts, whatever the
 * number of jobs; built for GET /api/overview and for the live updates.
 */
@ApplicationScoped
public class Overview {

    static final Duration RECENT = Duration.ofMinutes(5);
    static final Duration FAILURES = Duration.ofHours(1);
    static final int CHART_MINUTES = 60;
    static final int FAILURES_SHOWN = 20;

    private static final Set<JobState> WAITING_IN_QUEUE = JobState.NOT_YET_RUNNING;
    private static final Set<JobState> RUNNING = Set.of(JobState.RUNNING, JobState.WRITING);
    private static final Set<JobState> FAILED = Set.of(JobState.FAILED, JobState.EXPIRED);

    @Inject
    EndpointService endpoints;

    @Inject
    JobStatistics statistics;

    @Inject
    NodeRegistry nodes;

    private final Jsonb jsonb = JsonbBuilder.create();

    public JsonObject now() {
        Instant now = Instant.now();
        JsonObjectBuilder overview = JSON.createObjectBuilder().add("generatedAt", now.toString())
                .add("recentMinutes", RECENT.toMinutes());
        long started = System.nanoTime();
        try {
            overview.add("endpoints", endpoints(now));
            overview.add("throughput", throughput(now));
            overview.add("failures", JSON.createObjectBuilder()
                    .add("count", statistics.recentFailureCount(now.minus(FAILURES)))
                    .add("latest", json(statistics.recentFailures(now.minus(FAILURES), FAILURES_SHOWN))));
            overview.add("nodes", json(nodes.all()));
            overview.add("database", health(true, Duration.ofNanos(System.nanoTime() - started).toMillis() + " ms for the overview's queries"));
        } catch (RuntimeException e) {
            overview.add("database", health(false, String.valueOf(e.getMessage())));
        }
        overview.add("broker", brokerHealth());
        return overview.build();
    }

    /**
     * Changes whenever {@link #now()} may show something new: jobs moved or ended, an endpoint
     * changed, a node went silent or came back, or a minute passed (the chart and the recent
     * counts move with the clock). A few small queries, for the live updates to skip the rest.
     */
    public String changeStamp() {
        StringBuilder alive = new StringBuilder();
        nodes.all().forEach(node -> alive.append(node.id()).append(node.alive()));
        return statistics.changeStamp() + "|" + endpoints.stateStamp() + "|" + alive + "|"
                + Instant.now().getEpochSecond() / 60;
    }

    private JsonArrayBuilder endpoints(Instant now) {
        Map<String, Map<JobState, Long>> unfinished = statistics.unfinishedByEndpoint();
        Map<String, Map<JobState, Long>> ended = statistics.endedByEndpoint(now.minus(RECENT));
        JsonArrayBuilder list = JSON.createArrayBuilder();
        for (JsonObject endpoint : endpoints.list()) {
            String name = endpoint.getString("name");
            Map<JobState, Long> open = unfinished.getOrDefault(name, Map.of());
            Map<JobState, Long> done = ended.getOrDefault(name, Map.of());
            JsonObjectBuilder row = JSON.createObjectBuilder()
                    .add("name", name)
                    .add("state", endpoint.getString("state"))
                    .add("operationName", endpoint.getString("operationName"))
                    .add("path", endpoint.getString("path"))
                    .add("maxQueueSize", endpoint.getInt("maxQueueSize"))
                    .add("freeQueueSizeThreshold", endpoint.getInt("freeQueueSizeThreshold"))
                    .add("queued", sum(open, WAITING_IN_QUEUE))
                    .add("running", sum(open, RUNNING))
                    .add("waitingForSignals", sum(open, Set.of(JobState.WAITING)))
                    .add("succeededRecently", sum(done, Set.of(JobState.SUCCEEDED)))
                    .add("failedRecently", sum(done, FAILED));
            if (endpoint.containsKey("blockedReason")) {
                row.add("blockedReason", endpoint.get("blockedReason"));
            }
            list.add(row);
        }
        return list;
    }

    private JsonArrayBuilder throughput(Instant now) {
        JsonArrayBuilder series = JSON.createArrayBuilder();
        for (MinuteCounts minute : statistics.endedPerMinute(now, CHART_MINUTES)) {
            series.add(JSON.createObjectBuilder().add("minute", minute.minute().getEpochSecond())
                    .add("succeeded", minute.succeeded()).add("failed", minute.failed()));
        }
        return series;
    }

    /** Opens a session on the broker; the connection factory is looked up here, so a deployment without it still starts (and says so). */
    private JsonObject brokerHealth() {
        long started = System.nanoTime();
        ConnectionFactory broker;
        try {
            broker = InitialContext.doLookup(JobMessaging.CONNECTION_FACTORY);
        } catch (NamingException e) {
            return health(false, "no connection factory " + JobMessaging.CONNECTION_FACTORY + ": " + e.getMessage());
        }
        try (JMSContext context = broker.createContext()) {
            context.createQueue(JobMessaging.JOBS_QUEUE);
            return health(true, Duration.ofNanos(System.nanoTime() - started).toMillis() + " ms to open a session");
        } catch (RuntimeException e) {
            return health(false, String.valueOf(e.getMessage()));
        }
    }

    private static JsonObject health(boolean up, String detail) {
        return JSON.createObjectBuilder().add("up", up).add("detail", detail).build();
    }

    private static long sum(Map<JobState, Long> counts, Set<JobState> states) {
        return states.stream().mapToLong(state -> counts.getOrDefault(state, 0L)).sum();
    }

    /** A list of records as JSON-B writes it for the API, so the console reads jobs and nodes in one shape. */
    private JsonArray json(Object list) {
        return JSON.createReader(new StringReader(jsonb.toJson(list))).readArray();
    }
}
