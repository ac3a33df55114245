package dev.conveyor.endpoint;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Endpoint configurations as parsed from their rows, kept by the versions of the endpoint row and
 * of the service-wide defaults they were made from. A row's version moves with every change
 * (settings, state, block, scan count), so a kept configuration is never stale; it only spares
 * parsing the same JSON settings again for every job.
 */
final class RunningConfigs {

    /** Far above any real number of endpoints; reached only by endpoints made and deleted over a long time. */
    static final int MAX_KEPT = 10_000;

    private record Kept(long endpointVersion, long serviceVersion, EndpointConfig config) {
    }

    private final Map<String, Kept> byName = new ConcurrentHashMap<>();

    /** The configuration kept for these versions, or the one {@code parse} makes, kept from now on. */
    EndpointConfig get(String name, long endpointVersion, long serviceVersion, Supplier<EndpointConfig> parse) {
        Kept kept = byName.get(name);
        if (kept != null && kept.endpointVersion == endpointVersion && kept.serviceVersion == serviceVersion) {
            return kept.config;
        }
        if (byName.size() >= MAX_KEPT) {
            byName.clear();
        }
        EndpointConfig config = parse.get();
        byName.put(name, new Kept(endpointVersion, serviceVersion, config));
        return config;
    }
}
