package dev.conveyor.job;

import java.io.Serializable;

/**
 * What running the operation came to; the results themselves are in the job's stage output
 * folder. A failure carries a one-line reason and, for failure.log, the detail behind it.
 */
public record Outcome(String jobId, boolean succeeded, String reason, String detail) implements Serializable {

    public static Outcome success(String jobId) {
        return new Outcome(jobId, true, null, null);
    }

    public static Outcome failure(String jobId, String reason, String detail) {
        return new Outcome(jobId, false, reason, detail);
    }
}
