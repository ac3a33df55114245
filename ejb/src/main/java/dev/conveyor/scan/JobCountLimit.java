package dev.conveyor.scan;

import java.util.function.IntSupplier;

/**
 * The manual's job-count limiting: without throttle a scan takes up to batchSize entries whatever
 * is still in progress; with it, batchSize less the endpoint's unfinished jobs (batchSize 4 with 3
 * jobs in progress takes 1; with 4 or more, none).
 */
public final class JobCountLimit {

    private JobCountLimit() {
    }

    /** How many entries a scan may take; the unfinished jobs are counted only when throttling. */
    public static int room(int batchSize, boolean throttle, IntSupplier unfinishedJobs) {
        return throttle ? Math.max(0, batchSize - unfinishedJobs.getAsInt()) : batchSize;
    }
}
