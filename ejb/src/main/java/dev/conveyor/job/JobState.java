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
}
