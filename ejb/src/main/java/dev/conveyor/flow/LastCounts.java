package dev.conveyor.flow;

import dev.conveyor.job.InputQueue;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The input queues as this node last counted them, so that a scan need not count a queue that
 * had room for its whole batch: between two looks a queue shrinks as workers start its jobs and
 * grows only by JMS submissions, and the claim counts it again under the endpoint's lock before
 * it takes anything, so a queue filled meanwhile still bounds the claim. Counting an endpoint's
 * waiting jobs walks all of them: with thousands waiting, the count before every scan was a
 * twentieth of a backlog's CPU (docs/benchmarks.md).
 * <p>
 * A queue last counted at or below its free-size threshold is counted again by every scan: jobs
 * leave a queue unobserved (as workers start them), so only a new count sees it rise above the
 * threshold again, and a scan that claims nothing makes no count of its own. Jobs come in
 * through claims and submissions, which observe the queue themselves, and through retries and
 * released waits, whose fall to the threshold the next claim or submission sees.
 */
final class LastCounts {

    private final Map<String, InputQueue> byEndpoint = new ConcurrentHashMap<>();

    void counted(String endpoint, InputQueue queue) {
        byEndpoint.put(endpoint, queue);
    }

    /**
     * The queue as last counted, when that left room for {@code jobs} more above its threshold;
     * empty when it did not, or none was counted.
     */
    Optional<InputQueue> withRoomFor(String endpoint, int jobs) {
        return Optional.ofNullable(byEndpoint.get(endpoint)).filter(queue -> queue.room(jobs) == jobs && !queue.atOrBelowThreshold());
    }
}
