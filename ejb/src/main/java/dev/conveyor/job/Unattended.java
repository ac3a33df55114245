package dev.conveyor.job;

import java.time.Duration;
import java.time.Instant;
import java.util.function.Predicate;

/**
 * Which RUNNING and WRITING jobs a recovery pass at {@code now} looks at. A job is looked at once
 * it has been in its state for {@code unattended} (a dead node's, or one of this node's whose
 * delivery was lost), and at once when this node's previous start left it: it is recorded under
 * this node's id ({@code thisNode}, kept across restarts) and last changed before this start began
 * ({@code thisStart}), so no worker of this start is on it. Whether a RUNNING job is then taken
 * back is decided under its row lock (no worker of this node has it, its node is not alive).
 */
record Unattended(Instant now, Duration unattended, Duration writingStale, Duration queuedStale, String thisNode, Instant thisStart) {

    /** The RUNNING and WRITING jobs to read: changed before this, the later of the two bounds (the rules below sort them). */
    Instant changedBefore() {
        return later(now.minus(unattended), thisStart);
    }

    /**
     * The QUEUED jobs whose id is then looked for on the dispatch queue, and whose dispatch is sent
     * again when it is not there: those QUEUED for {@code queuedStale}, and any QUEUED before this
     * start began, whichever node claimed it. A kill between a claim's commit and its dispatch, or
     * of a worker that had taken a lent turn, leaves such jobs; a worker of a live node starts a
     * job within moments of taking its message, and a second message finds the job started.
     */
    Instant queuedBefore() {
        return later(now.minus(queuedStale), thisStart);
    }

    private static Instant later(Instant one, Instant other) {
        return one.isAfter(other) ? one : other;
    }

    /** A RUNNING job to look at under its lock. */
    boolean running(Jobs.Changed job) {
        return leftByPreviousStart(job) || job.changedAt().isBefore(now.minus(unattended));
    }

    /**
     * A WRITING job nobody will finish writing: one this node's previous start left, a dead node's
     * once it has been WRITING for {@code unattended} (a worker writes the results right after
     * recording them, so a node that died meanwhile left them), and any left WRITING for
     * {@code writingStale} (a lost or dead-lettered callback).
     */
    boolean writingLeft(Jobs.Changed job, Predicate<String> nodeAlive) {
        return leftByPreviousStart(job) || job.changedAt().isBefore(now.minus(unattended))
                && (job.changedAt().isBefore(now.minus(writingStale)) || !nodeAlive.test(job.node()));
    }

    private boolean leftByPreviousStart(Jobs.Changed job) {
        return thisNode.equals(job.node()) && job.changedAt().isBefore(thisStart);
    }
}
