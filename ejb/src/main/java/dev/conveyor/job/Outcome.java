package dev.conveyor.job;

import java.io.Serializable;

/** What running the operation came to; the results themselves are in the job's stage output folder. */
public record Outcome(String jobId, boolean succeeded, String reason) implements Serializable {

    public static Outcome success(String jobId) {
        return new Outcome(jobId, true, null);
    }

    public static Outcome failure(String jobId, String reason) {
        return new Outcome(jobId, false, reason);
    }
}
