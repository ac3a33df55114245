package dev.conveyor.web.live;

import static dev.conveyor.common.JsonText.JSON;

import dev.conveyor.web.overview.Overview;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.OutboundSseEvent;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Pushes the overview to every open console. Every {@link #PERIOD}, whatever the number of
 * consoles and only while at least one is connected, a few small queries tell whether anything
 * moved ({@link Overview#changeStamp}); only then is the overview counted again, and an event is
 * sent only when something an operator sees changed (a count, state, node or health). An idle
 * system costs those small queries and a keep-alive comment. Consoles refresh their own page on it.
 */
@ApplicationScoped
public class LiveUpdates {

    private static final Logger LOG = Logger.getLogger(LiveUpdates.class.getName());
    static final Duration PERIOD = Duration.ofSeconds(2);
    static final Duration KEEP_ALIVE = Duration.ofSeconds(30);

    @Inject
    Overview overview;

    @Resource
    ManagedScheduledExecutorService scheduler;

    private final OpenStreams streams = new OpenStreams();
    private Sse sse;
    private ScheduledFuture<?> ticking;
    private JsonObject lastSent;
    private String lastFingerprint = "";
    private String lastStamp = "";
    private long lastSentAt;

    public synchronized void subscribe(SseEventSink sink, Sse sse) {
        if (ticking == null) {
            this.sse = sse;
            ticking = scheduler.scheduleWithFixedDelay(this::tick, PERIOD.toMillis(), PERIOD.toMillis(), TimeUnit.MILLISECONDS);
        }
        if (lastSent == null || !streams.any()) {
            lastStamp = overview.changeStamp();
            lastSent = overview.now();
            lastFingerprint = fingerprint(lastSent);
        }
        sink.send(event(lastSent));
        streams.add(sink);
    }

    /** The overview's change stamp; when the database cannot be read, one that forces a new overview (which says so). */
    private String stamp() {
        try {
            return overview.changeStamp();
        } catch (RuntimeException e) {
            return "unreadable at " + System.nanoTime();
        }
    }

    private synchronized void tick() {
        if (!streams.any()) {
            return;
        }
        try {
            String stamp = stamp();
            JsonObject now = stamp.equals(lastStamp) ? lastSent : overview.now();
            lastStamp = stamp;
            String fingerprint = fingerprint(now);
            if (!fingerprint.equals(lastFingerprint)) {
                lastSent = now;
                lastFingerprint = fingerprint;
                lastSentAt = System.nanoTime();
                streams.send(event(now));
            } else if (System.nanoTime() - lastSentAt > KEEP_ALIVE.toNanos()) {
                // A comment finds the consoles that went away (their write fails) and keeps proxies from closing idle streams.
                lastSentAt = System.nanoTime();
                streams.send(sse.newEventBuilder().comment("keep-alive").build());
            }
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "live update skipped", e);
        }
    }

    private OutboundSseEvent event(JsonObject overview) {
        return sse.newEventBuilder().name("overview").mediaType(MediaType.APPLICATION_JSON_TYPE)
                .data(overview.toString()).build();
    }

    /** What an operator sees of the overview: everything but the times it was made and measured, and heartbeats. */
    static String fingerprint(JsonObject overview) {
        var nodes = JSON.createArrayBuilder();
        overview.getJsonArray("nodes").getValuesAs(JsonObject.class)
                .forEach(node -> nodes.add(node.getString("id") + "=" + node.getBoolean("alive")));
        return JSON.createObjectBuilder()
                .add("endpoints", overview.get("endpoints"))
                .add("throughput", overview.get("throughput"))
                .add("failures", overview.get("failures"))
                .add("nodes", nodes)
                .add("database", overview.getJsonObject("database").getBoolean("up"))
                .add("broker", overview.getJsonObject("broker").getBoolean("up"))
                .build().toString();
    }

    @PreDestroy
    synchronized void stop() {
        if (ticking != null) {
            ticking.cancel(false);
        }
        streams.closeAll();
    }
}
