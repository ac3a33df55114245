package dev.conveyor.job;

import java.util.Optional;

/** What became of a file offered to an endpoint's input queue, and the queue as the offer left it. */
public record Admission(Result result, String jobId, InputQueue queue) {

    public enum Result {
        /** A new job holds the file. */
        ACCEPTED,
        /** The same submission was accepted before (a redelivery): {@code jobId} is that job. */
        ALREADY_ACCEPTED,
        /** The queue is full: nothing was taken, the file stays where it was. */
        FULL,
        /** The file was gone or could not be moved: nothing was taken. */
        NOT_CLAIMED
    }

    public static Admission accepted(String jobId, InputQueue queue) {
        return new Admission(Result.ACCEPTED, jobId, queue);
    }

    public static Admission alreadyAccepted(String jobId, InputQueue queue) {
        return new Admission(Result.ALREADY_ACCEPTED, jobId, queue);
    }

    public static Admission full(InputQueue queue) {
        return new Admission(Result.FULL, null, queue);
    }

    public static Admission notClaimed(InputQueue queue) {
        return new Admission(Result.NOT_CLAIMED, null, queue);
    }

    /** The job holding the file, new or from an earlier delivery of the same submission. */
    public Optional<String> job() {
        return Optional.ofNullable(jobId);
    }
}
