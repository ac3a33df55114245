package dev.conveyor.client;

import dev.conveyor.client.SubmissionProtocol.Status;
import jakarta.jms.JMSException;
import jakarta.jms.Message;

/** The server's answer to one request, and what it means for the producer. */
record Answer(Status status, String jobId, String code, String reason, int maxQueueSize, int freeQueueSize, int threshold) {

    static Answer of(Message reply) throws JMSException {
        return new Answer(Status.valueOf(reply.getStringProperty(SubmissionProtocol.STATUS)),
                reply.getStringProperty(SubmissionProtocol.JOB_ID),
                reply.getStringProperty(SubmissionProtocol.CODE),
                reply.getStringProperty(SubmissionProtocol.REASON),
                intOrZero(reply, SubmissionProtocol.MAX_QUEUE_SIZE),
                intOrZero(reply, SubmissionProtocol.FREE_QUEUE_SIZE),
                intOrZero(reply, SubmissionProtocol.FREE_QUEUE_SIZE_THRESHOLD));
    }

    private static int intOrZero(Message reply, String name) throws JMSException {
        return reply.propertyExists(name) ? reply.getIntProperty(name) : 0;
    }

    /** The accepted job's id; an exception for every other answer, as the seed's put does. */
    String acceptedJobId() throws ConveyorClientException {
        return switch (status) {
            case ACCEPTED -> jobId;
            case ACCEPTED_AT_THRESHOLD -> throw new QueueThresholdExceededException(jobId, freeQueueSize, maxQueueSize, threshold);
            case FULL -> throw new QueueFullException(code + " " + reason);
            case REFUSED -> throw new SubmissionRefusedException(code, reason);
            case QUEUE -> throw new ConveyorClientException("a queue-size answer came to a put");
        };
    }

    /** The queue sizes of an answer to a queue-size request; refused for an unknown endpoint. */
    Answer queueSizes() throws ConveyorClientException {
        if (status == Status.REFUSED) {
            throw new SubmissionRefusedException(code, reason);
        }
        return this;
    }
}
