package dev.conveyor.flow;

import java.util.function.IntSupplier;

/**
 * A downstream endpoint's queue as one result-writing transaction sees it while it holds that
 * endpoint's gate ({@link DownstreamGates}): counted once (its jobs not yet running and the
 * entries waiting in its folder), then what the transaction itself writes there added. The jobs
 * of a chunk thus share one count, where each used to list a folder that may hold thousands of
 * waiting files. The estimate only grows, since the downstream endpoint's own progress is not
 * subtracted, so it never admits a job a fresh count would refuse; one that finds the queue full
 * is counted afresh before the job is refused.
 */
final class DownstreamQueue {

    private final int max;
    private boolean known;
    private int counted;
    private int written;

    /** A queue bounded at {@code max} (its maxQueueSize), not yet counted. */
    DownstreamQueue(int max) {
        this.max = max;
    }

    /**
     * True, and the job's {@code entries} added, when the queue has room for one more job: by the
     * estimate, or else (and at the first job) by a fresh {@code count}, which then replaces it.
     */
    boolean admit(IntSupplier entries, IntSupplier count) {
        if (!known || counted + written >= max) {
            counted = count.getAsInt();
            written = 0;
            known = true;
            if (counted >= max) {
                return false;
            }
        }
        written += entries.getAsInt();
        return true;
    }

    /** Jobs and waiting entries as last estimated: for the refusal's reason. */
    int pending() {
        return counted + written;
    }
}
