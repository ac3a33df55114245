package dev.conveyor.scan;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * How soon an event may start the next scan of an endpoint: a few ms after the event, at least
 * the shortest stability gap ({@link StabilityCheck#CAUGHT_UP_GAP_MS}) after the last scan
 * started, and at least {@value #REST_FACTOR} times as long as that scan spent looking (before
 * its claims) after it ended. A quiet folder is scanned at once; a folder whose every scan looks
 * at many files while more events keep coming is looked at a quarter of the time at most, so its
 * looks do not take the CPU from the workers. Claims are not rested from: they are work that has
 * to be done anyway, and a scan that claimed the file moved in just before (slow while the JVM is
 * young) would otherwise hold back the next file by three times its claim. A scan
 * that claimed a full batch did work that has to be done anyway, and files wait behind it: the
 * next starts without rest, or a backlog would move one batch per scan and rest, and the workers,
 * done with a batch before the next is claimed, would wait too.
 */
final class EventScanPace {

    static final long SETTLE_MS = 2;
    static final int REST_FACTOR = 3;

    private record Last(long startedNanos, long endedNanos, long lookingNanos, boolean claimedFullBatch) {
    }

    private final Map<String, Last> last = new ConcurrentHashMap<>();
    private final LongSupplier nanoTime;

    EventScanPace() {
        this(System::nanoTime);
    }

    EventScanPace(LongSupplier nanoTime) {
        this.nanoTime = nanoTime;
    }

    long delayMillis(String endpoint) {
        Last scan = last.get(endpoint);
        if (scan == null) {
            return SETTLE_MS;
        }
        long now = nanoTime.getAsLong();
        long sinceStart = (now - scan.startedNanos()) / 1_000_000;
        long sinceEnd = (now - scan.endedNanos()) / 1_000_000;
        long looked = scan.lookingNanos() / 1_000_000;
        long rest = scan.claimedFullBatch() ? 0 : REST_FACTOR * looked - sinceEnd;
        return Math.max(SETTLE_MS, Math.max(StabilityCheck.CAUGHT_UP_GAP_MS - sinceStart, rest));
    }

    /** Returns the start, to be handed to {@link #ended}. */
    long started() {
        return nanoTime.getAsLong();
    }

    /** {@code lookingNanos}: the part of the scan spent before its claims. */
    void ended(String endpoint, long startedNanos, long lookingNanos, boolean claimedFullBatch) {
        last.put(endpoint, new Last(startedNanos, nanoTime.getAsLong(), lookingNanos, claimedFullBatch));
    }
}
