package dev.conveyor.priority;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.random.RandomGenerator;

/**
 * How a node's workers share their turns between buckets. The broker hands a free worker the
 * waiting job of the highest JMS priority, so a higher bucket already takes every worker it can
 * use, and a lower one runs on all workers when nothing above it waits (work-conserving). What the
 * broker alone would not do is let a lower bucket move while higher work keeps coming: so a worker
 * handed a job also takes jobs of the levels below it in the same delivery, as many as keep each
 * lower level at its share of the jobs served. The shares are read lowest level first: the lowest
 * gets its share of all jobs, the next its share of what is left, and so on. A level found empty
 * is left alone for the recent window, so an idle bucket costs one look per window, not one per job.
 */
public final class WorkerShares {

    /** Lent jobs one delivery takes at most: a share of 100 would otherwise never let the job it was handed run. */
    static final int MAX_LENT_PER_DELIVERY = 9;

    private final Clock clock;
    private final RandomGenerator random;
    private final Map<Integer, Instant> foundEmpty = new ConcurrentHashMap<>();

    public WorkerShares(Clock clock, RandomGenerator random) {
        this.clock = clock;
        this.random = random;
    }

    /**
     * How many jobs of each lower JMS priority level a worker handed a job of {@code deliveredLevel}
     * takes as well, in iteration order lowest level first; empty to run only the job it was handed. {@code shares}
     * gives each level's share in percent.
     */
    public Map<Integer, Integer> lentTurns(int deliveredLevel, Map<Integer, Integer> shares, Duration recentWindow) {
        foundEmpty.remove(deliveredLevel);
        Instant recent = clock.instant().minus(recentWindow);
        Map<Integer, Double> fractions = new LinkedHashMap<>();
        double handed = 1;
        for (var level : new TreeMap<>(shares).headMap(deliveredLevel, false).entrySet()) {
            Instant empty = foundEmpty.get(level.getKey());
            if (empty == null || empty.isBefore(recent)) {
                double fraction = handed * level.getValue() / 100.0;
                fractions.put(level.getKey(), fraction);
                handed -= fraction;
            }
        }
        Map<Integer, Integer> lent = new LinkedHashMap<>();
        int left = MAX_LENT_PER_DELIVERY;
        for (var level : fractions.entrySet()) {
            // Jobs of this level per job handed, so that over many deliveries it gets its fraction of all jobs served.
            double perHanded = handed > 0 ? level.getValue() / handed : MAX_LENT_PER_DELIVERY;
            int count = Math.min(left, (int) perHanded + (random.nextDouble() < perHanded % 1 ? 1 : 0));
            if (count > 0) {
                lent.put(level.getKey(), count);
                left -= count;
            }
        }
        return lent;
    }

    /** A worker that took a turn for {@code level} found nothing waiting there. */
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
