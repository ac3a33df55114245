package dev.conveyor.job;

import java.io.Serializable;

/**
 * What running the operation came to; the results themselves are in the job's stage output
 * folder. A failure carries a one-line reason and, for failure.log, the detail behind it.
 * {@code attempt} is the fencing token: the attempt of the run that came to this outcome (see
 * {@link JobCompletion#record}), or {@link #NOT_RUN} for a job failed before any run (a read-only
 * source, a wait that cannot be worked out).
 */
public record Outcome(String jobId, int attempt, boolean succeeded, String reason, String detail) implements Serializable {

    /** The attempt of an outcome decided without running the operation. */
    public static final int NOT_RUN = 0;

    public static Outcome success(String jobId, int attempt) {
        return new Outcome(jobId, attempt, true, null, null);
    }

    public static Outcome failure(String jobId, int attempt, String reason, String detail) {
        return new Outcome(jobId, attempt, false, reason, detail);
    }

    /** A job failed before any run: nothing ran that could be fenced off. */
    public static Outcome refused(String jobId, String reason) {
        return new Outcome(jobId, NOT_RUN, false, reason, null);
    }
}
