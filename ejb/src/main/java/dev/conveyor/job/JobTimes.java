package dev.conveyor.job;

import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How long each endpoint's jobs took lately on this node: an exponentially weighted mean of the
 * operation's run time, which sizes the chunks of the next dispatches ({@link Chunks}). Kept in
 * memory: after a restart the first chunks are single jobs until the first ones have run.
 */
@ApplicationScoped
public class JobTimes {

    /** Weight of the newest run: the mean follows a change of the files within a few dozen jobs. */
    static final double NEWEST_WEIGHT = 0.1;

    private final Map<String, Double> meanNanosByEndpoint = new ConcurrentHashMap<>();

    public void ran(String endpoint, Duration took) {
        meanNanosByEndpoint.merge(endpoint, (double) took.toNanos(),
                (mean, newest) -> mean + NEWEST_WEIGHT * (newest - mean));
    }

    /** The recent mean, or null when no job of the endpoint ran on this node yet. */
    public Duration mean(String endpoint) {
        Double nanos = meanNanosByEndpoint.get(endpoint);
        return nanos == null ? null : Duration.ofNanos(nanos.longValue());
    }
}
