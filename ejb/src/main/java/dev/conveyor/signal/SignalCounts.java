package dev.conveyor.signal;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The arithmetic of one release signal: counters by name, the attributes notifies carried, and
 * the releasable credit a release left over (a release of N jobs per target reached that found
 * fewer than N waiting keeps the rest for jobs that come later).
 *
 * @param counters   counts by counter name, in name order
 * @param attributes attributes copied from notifies; a later notify replaces an earlier value
 * @param releasable jobs that may still be released without the count reaching the target again
 */
public record SignalCounts(Map<String, Long> counters, Map<String, String> attributes, long releasable) {

    public static final SignalCounts EMPTY = new SignalCounts(Map.of(), Map.of(), 0);

    public SignalCounts {
        counters = Map.copyOf(counters);
        attributes = Map.copyOf(attributes);
    }

    /** These counts after a notify of {@code delta} on {@code counterName}, with its attributes. */
    public SignalCounts notify(String counterName, long delta, Map<String, String> carried) {
        Map<String, Long> added = new TreeMap<>(counters);
        added.merge(counterName, delta, Long::sum);
        Map<String, String> merged = new LinkedHashMap<>(attributes);
        merged.putAll(carried);
        return new SignalCounts(added, merged, releasable);
    }

    /** The count of one counter, or the total of all when {@code counterName} is null or empty. */
    public long count(String counterName) {
        if (counterName == null || counterName.isEmpty()) {
            return total();
        }
        return counters.getOrDefault(counterName, 0L);
    }

    /** Every counter at zero and no credit left: nothing a later job could be released by. */
    public boolean isSpent() {
        return releasable == 0 && counters.values().stream().allMatch(count -> count == 0);
    }

    public long total() {
        return counters.values().stream().mapToLong(Long::longValue).sum();
    }

    /**
     * Releases as many of {@code waiting} jobs as the counts allow, oldest first. Each time the
     * count reaches {@code target} it is decreased by the target and lets {@code perTarget} jobs
     * go; {@code perTarget} 0 lets every waiting job go on one target reached. A target of 0 or
     * less releases everything without counting.
     */
    public Release release(String counterName, long target, long perTarget, int waiting) {
        Map<String, Long> before = new TreeMap<>(counters);
        if (target <= 0) {
            return new Release(waiting, this, before);
        }
        long released = Math.min(releasable, waiting);
        long credit = releasable - released;
        Map<String, Long> remaining = new TreeMap<>(counters);
        while (released < waiting && count(remaining, counterName) >= target) {
            consume(remaining, counterName, target);
            long allowed = perTarget == 0 ? waiting - released : perTarget;
            long taken = Math.min(allowed, waiting - released);
            released += taken;
            credit = perTarget == 0 ? 0 : allowed - taken;
        }
        return new Release((int) released, new SignalCounts(remaining, attributes, credit), before);
    }

    private static long count(Map<String, Long> counters, String counterName) {
        return new SignalCounts(counters, Map.of(), 0).count(counterName);
    }

    /** Takes {@code amount} from one counter, or from the counters in name order when none is named. */
    private static void consume(Map<String, Long> counters, String counterName, long amount) {
        if (counterName != null && !counterName.isEmpty()) {
            counters.merge(counterName, -amount, Long::sum);
            return;
        }
        long left = amount;
        for (String name : List.copyOf(counters.keySet())) {
            long taken = Math.min(left, Math.max(0, counters.get(name)));
            counters.put(name, counters.get(name) - taken);
            left -= taken;
            if (left == 0) {
                return;
            }
        }
    }

    /**
     * What a release came to.
     *
     * @param released       how many of the waiting jobs go, oldest first
     * @param after          the counts that remain
     * @param countersBefore the counters as the released jobs saw them ({@code wait.counter.<name>})
     */
    public record Release(int released, SignalCounts after, Map<String, Long> countersBefore) {
    }
}
