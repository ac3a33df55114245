package dev.conveyor.priority;

import java.time.Duration;
import java.time.Instant;

/** One bucket's figures for GET /api/priority-rules/stats; jmsPriority is -1 for a bucket no rule has any more. */
public record BucketStats(String bucket, int jmsPriority, long queued, long running, long doneLastMinute, Long meanWaitMillis) {

    static final class Builder {
        private final String bucket;
        private final int jmsPriority;
        long queued;
        long running;
        private long done;
        private long waited;
        private long totalWaitMillis;

        Builder(String bucket, int jmsPriority) {
            this.bucket = bucket;
            this.jmsPriority = jmsPriority;
        }

        /** A job finished; its wait is from its claim to its first start (a job that never started did not wait for a worker). */
        void done(Instant created, Instant started) {
            done++;
            if (started != null) {
                waited++;
                totalWaitMillis += Duration.between(created, started).toMillis();
            }
        }

        BucketStats build() {
            return new BucketStats(bucket, jmsPriority, queued, running, done, waited == 0 ? null : totalWaitMillis / waited);
        }
    }
}
