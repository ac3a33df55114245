package dev.conveyor.submit;

import dev.conveyor.client.SubmissionProtocol;
import dev.conveyor.client.SubmissionProtocol.Status;
import dev.conveyor.common.MessageId;
import dev.conveyor.job.Admission;
import dev.conveyor.job.InputQueue;

/** The answer to one request: what happened, the job if one holds the document, why not otherwise, and the queue after. */
record Verdict(Status status, String jobId, String code, String reason, InputQueue queue) {

    static Verdict of(String endpoint, Admission admission) {
        InputQueue queue = admission.queue();
        return switch (admission.result()) {
            case ACCEPTED, ALREADY_ACCEPTED -> new Verdict(queue.atOrBelowThreshold() ? Status.ACCEPTED_AT_THRESHOLD : Status.ACCEPTED,
                    admission.jobId(), null, null, queue);
            case FULL -> new Verdict(Status.FULL, null, MessageId.SUBMISSION_QUEUE_FULL.code(),
                    MessageId.SUBMISSION_QUEUE_FULL.text(endpoint, queue.queuedJobs(), queue.maxQueueSize()), queue);
            case NOT_CLAIMED -> refused(MessageId.SUBMISSION_PATH_REFUSED, queue, "the document", "it could not be moved into the stage folder");
        };
    }

    static Verdict queueSizes(InputQueue queue) {
        return new Verdict(Status.QUEUE, null, null, null, queue);
    }

    static Verdict refused(MessageId id, InputQueue queue, Object... args) {
        return new Verdict(Status.REFUSED, null, id.code(), id.text(args), queue);
    }

    static Verdict refused(String code, String reason) {
        return new Verdict(Status.REFUSED, null, code, reason, null);
    }

    /**
     * Whether a refused document of this size is kept, body and all, on the refused queue: only
     * within the size a submission may carry, since the copy is made in memory. One larger was
     * refused before anything of it was read, and reading it for the copy would put it whole into
     * the heap.
     */
    static boolean keepsBody(long bodyBytes) {
        return bodyBytes <= Submissions.MAX_DOCUMENT_BYTES;
    }

    /** This refusal as kept on the refused queue without its document of {@code bodyBytes}, the reason saying so. */
    Verdict withoutBody(long bodyBytes) {
        return new Verdict(status, jobId, code, reason + " The document (" + bodyBytes + " bytes) is not kept with this message: it is "
                + "larger than the " + Submissions.MAX_DOCUMENT_BYTES + " bytes a submission may carry. The producer still has it; "
                + "submit it by " + SubmissionProtocol.PATH + " or drop it into the watched folder.", queue);
    }

    /** Whether the document stays with the producer: a producer without a reply queue finds it on the refused queue. */
    boolean notTaken() {
        return status == Status.FULL || status == Status.REFUSED;
    }
}
