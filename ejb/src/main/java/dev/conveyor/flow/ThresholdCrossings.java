package dev.conveyor.flow;

import dev.conveyor.job.InputQueue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Tells a crossing of the free-size threshold from a queue that merely stays below it, so the
 * warning comes once per crossing and not once per job: a queue at or below its threshold counts
 * as crossed until an observation finds it above again.
 */
public final class ThresholdCrossings {

    private final Set<String> atOrBelow = ConcurrentHashMap.newKeySet();

    /** Records what the queue looks like now; true only for the first observation at or below the threshold. */
    public boolean crossedNow(String queueName, InputQueue queue) {
        if (queue.atOrBelowThreshold()) {
            return atOrBelow.add(queueName);
        }
        atOrBelow.remove(queueName);
        return false;
    }

    public boolean isAtOrBelow(String queueName) {
        return atOrBelow.contains(queueName);
    }
}
