package dev.conveyor.job;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Dispatches of claimed jobs that this node could not send (the broker was away): the next scan
 * of their endpoint sends them again. Their rows are QUEUED already, so should this node die
 * first, the recovery pass of any node sends them instead (a job QUEUED 30 s that no message
 * names); a dispatch sent twice is harmless, the second start finds the job started.
 */
@ApplicationScoped
public class UnsentDispatches {

    private final Map<String, Map<String, Integer>> byEndpoint = new LinkedHashMap<>();

    /** Keeps {@code priorities} (job id to JMS priority) for the endpoint's next scan. */
    public synchronized void keep(String endpoint, Map<String, Integer> priorities) {
        byEndpoint.computeIfAbsent(endpoint, name -> new LinkedHashMap<>()).putAll(priorities);
    }

    /** The endpoint's unsent dispatches, now the caller's to send; none are kept after. */
    public synchronized Map<String, Integer> take(String endpoint) {
        Map<String, Integer> taken = byEndpoint.remove(endpoint);
        return taken == null ? Map.of() : taken;
    }
}
