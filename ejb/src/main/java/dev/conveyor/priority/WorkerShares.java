package dev.conveyor.priority;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.NavigableMap;
import java.util.OptionalInt;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.random.RandomGenerator;

/**
 * How a node's workers share their turns between buckets. The broker hands a free worker the
 * waiting job of the highest JMS priority, so a higher bucket already takes every worker it can
 * use, and a lower one runs on all workers when nothing above it waits (work-conserving). What the
 * broker alone would not do is let a lower bucket move while higher work keeps coming: so each
 * time a worker is handed a job, every bucket below it, lowest first, takes the turn instead with
 * probability share/100. A level found empty is left alone for the recent window, so an idle
 * bucket costs one look per window, not one per job.
 */
public final class WorkerShares {

    private final Clock clock;
    private final RandomGenerator random;
    private final Map<Integer, Instant> foundEmpty = new ConcurrentHashMap<>();

    public WorkerShares(Clock clock, RandomGenerator random) {
        this.clock = clock;
        this.random = random;
    }

    /**
     * The lower JMS priority level a worker handed a job of {@code deliveredLevel} should serve
     * instead, or empty to run the job it was handed. {@code shares} gives each level's share.
     */
    public OptionalInt lowerLevelToServe(int deliveredLevel, Map<Integer, Integer> shares, Duration recentWindow) {
        foundEmpty.remove(deliveredLevel);
        Instant recent = clock.instant().minus(recentWindow);
        NavigableMap<Integer, Integer> lower = new TreeMap<>(shares).headMap(deliveredLevel, false);
        for (var level : lower.entrySet()) {
            Instant empty = foundEmpty.get(level.getKey());
            if ((empty == null || empty.isBefore(recent)) && random.nextInt(100) < level.getValue()) {
                return OptionalInt.of(level.getKey());
            }
        }
        return OptionalInt.empty();
    }

    /** A worker that took the turn for {@code level} found nothing waiting there. */
    public void foundEmpty(int level) {
        foundEmpty.put(level, clock.instant());
    }

    /**
     * Each JMS priority level's share: the largest share among the buckets on it (buckets on one
     * level are one list in the broker, so they can only move together).
     */
    public static Map<Integer, Integer> sharesByLevel(Iterable<Bucket> buckets) {
        Map<Integer, Integer> shares = new TreeMap<>();
        for (Bucket bucket : buckets) {
            shares.merge(bucket.jmsPriority(), bucket.share(), Math::max);
        }
        return shares;
    }
}
