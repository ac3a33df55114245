package dev.conveyor.job;

import java.io.Serializable;

/**
 * What running the operation came to; the results themselves are in the job's stage output
 * folder. A failure carries a one-line reason and, for failure.log, the detail behind it, and
 * says whether another attempt could end otherwise.
 */
public record Outcome(String jobId, boolean succeeded, String reason, String detail, boolean retriable) implements Serializable {

    public static Outcome success(String jobId) {
        return new Outcome(jobId, true, null, null, false);
    }

    public static Outcome failure(String jobId, String reason, String detail) {
        return new Outcome(jobId, false, reason, detail, true);
    }

    /** A failure that another attempt would repeat (the operation ran out of its time): the job fails now. */
    public static Outcome finalFailure(String jobId, String reason) {
        return new Outcome(jobId, false, reason, null, false);
    }
}
