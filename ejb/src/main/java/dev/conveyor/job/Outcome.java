package dev.conveyor.job;

import java.io.Serializable;

/**
 * What running the operation came to; the results themselves are in the job's stage output
 * folder. A failure carries a one-line reason and, for failure.log, the detail behind it, and
 * says whether another attempt could end otherwise. {@code attempt} is the fencing token: the
 * attempt of the run that came to this outcome (see {@link JobCompletion#record}), or
 * {@link #NOT_RUN} for a job failed before any run (a read-only source, a wait that cannot be
 * worked out).
 */
public record Outcome(String jobId, int attempt, boolean succeeded, String reason, String detail, boolean retriable)
        implements Serializable {

    /** The attempt of an outcome decided without running the operation. */
    public static final int NOT_RUN = 0;

    public static Outcome success(String jobId, int attempt) {
        return new Outcome(jobId, attempt, true, null, null, false);
    }

    public static Outcome failure(String jobId, int attempt, String reason, String detail) {
        return new Outcome(jobId, attempt, false, reason, detail, true);
    }

    /** A failure that another attempt would repeat (the operation ran out of its time): the job fails now. */
    public static Outcome finalFailure(String jobId, int attempt, String reason) {
        return new Outcome(jobId, attempt, false, reason, null, false);
    }

    /** A job failed before any run: nothing ran that could be fenced off. */
    public static Outcome refused(String jobId, String reason) {
        return new Outcome(jobId, NOT_RUN, false, reason, null, false);
    }
}
