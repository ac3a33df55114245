package dev.conveyor.job;

import java.util.EnumSet;
import java.util.Set;

/** Where a job is in its life; see the state diagram in docs/architecture.md. */
public enum JobState {
    /** The source is in the stage folder and the job row exists; not yet queued. */
    STAGED,
    /** A dispatch message for the job is on the Job Manager queue. */
    QUEUED,
    /** A worker is running the operation. */
    RUNNING,
    /** The operation's outcome is recorded; its results are being moved into place. */
    WRITING,
    /** Waiting for release signals. */
    WAITING,
    SUCCEEDED,
    FAILED,
    EXPIRED;

    /** The states of a job in progress. */
    public static final Set<JobState> UNFINISHED = EnumSet.of(STAGED, QUEUED, RUNNING, WRITING, WAITING);

    /**
     * The states of a job accepted and not yet running: what an endpoint's input queue holds.
     * WAITING jobs wait for signals, not for a worker, so they do not take queue room.
     */
    public static final Set<JobState> NOT_YET_RUNNING = EnumSet.of(STAGED, QUEUED);

    public boolean isFinished() {
        return this == SUCCEEDED || this == FAILED || this == EXPIRED;
    }

    /**
     * The states a job in this one may move to: the arrows of the state diagram in
     * docs/architecture.md, and nothing else ({@link Job} refuses every other move).
     */
    public Set<JobState> next() {
        return switch (this) {
            // Queued for a worker, run by a synchronous scan, parked for a signal, or refused before any run.
            case STAGED -> EnumSet.of(QUEUED, RUNNING, WAITING, WRITING);
            // Taken by a worker, or refused before any run (a read-only source claimed QUEUED).
            case QUEUED -> EnumSet.of(RUNNING, WRITING);
            // Started again on its node after a lost delivery; re-queued (its node dead, or tried again later); staged
            // again for a synchronous endpoint's next scan; or its outcome recorded.
            case RUNNING -> EnumSet.of(RUNNING, QUEUED, STAGED, WRITING);
            // Its results written, or split into fan-out children it then waits for.
            case WRITING -> EnumSet.of(SUCCEEDED, FAILED, WAITING);
            // Released; failed by a fan-out child; expired or cancelled.
            case WAITING -> EnumSet.of(STAGED, WRITING, EXPIRED);
            case SUCCEEDED, FAILED, EXPIRED -> EnumSet.noneOf(JobState.class);
        };
    }

    public boolean mayMoveTo(JobState next) {
        return next().contains(next);
    }
}
