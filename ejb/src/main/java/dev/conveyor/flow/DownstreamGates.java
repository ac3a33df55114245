package dev.conveyor.flow;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;

/**
 * One gate per downstream endpoint: a result writer holds it from the look that finds room in
 * the downstream queue until its own results there are committed, so concurrent writers (the
 * result writer runs 4 at once) never each see the last free place and overfill the queue
 * together. A semaphore, not a lock: the transaction may complete on another thread. Per node:
 * writers on two nodes can still overshoot by one each.
 */
@ApplicationScoped
public class DownstreamGates {

    private final Map<String, Semaphore> gates = new ConcurrentHashMap<>();

    public Semaphore of(String downstreamEndpoint) {
        return gates.computeIfAbsent(downstreamEndpoint, name -> new Semaphore(1));
    }
}
