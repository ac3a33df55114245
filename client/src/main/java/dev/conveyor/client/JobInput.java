package dev.conveyor.client;

import jakarta.jms.BytesMessage;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.Message;
import jakarta.jms.Queue;
import jakarta.jms.ResourceAllocationException;
import jakarta.jms.ResourceAllocationRuntimeException;
import jakarta.jms.TemporaryQueue;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;

/**
 * A producer's way into one endpoint (the seed's stream input). Each call sends one request and
 * waits for the server's answer on a temporary queue of its own, so when {@link #put} returns
 * (or throws {@link QueueThresholdExceededException}) the job is accepted, and when it throws
 * anything else it is not. One input is used by one thread at a time (calls are serialised);
 * open one per producer thread for parallel puts.
 */
public final class JobInput implements AutoCloseable {

    private final String endpoint;
    private final Duration timeout;
    private final JMSContext context;
    private final Queue submissions;
    private final TemporaryQueue replies;
    private final JMSConsumer answers;

    JobInput(ConnectionFactory factory, String user, String password, String endpoint, Duration timeout) {
        this.endpoint = endpoint;
        this.timeout = timeout;
        this.context = user == null ? factory.createContext() : factory.createContext(user, password);
        try {
            this.submissions = context.createQueue(SubmissionProtocol.SUBMISSIONS_QUEUE);
            this.replies = context.createTemporaryQueue();
            this.answers = context.createConsumer(replies);
        } catch (JMSRuntimeException e) {
            context.close();
            throw e;
        }
    }

    public String getEndpoint() {
        return endpoint;
    }

    /**
     * Submits the job and returns its id once the server has accepted it.
     *
     * @throws QueueThresholdExceededException accepted, and the queue's free size is at or below its threshold
     * @throws QueueFullException not accepted: the queue is full; put it again later
     * @throws SubmissionRefusedException not accepted, for a reason that backing off does not change
     * @throws ConveyorClientException no answer in time: the outcome is unknown, and putting the same
     *         submission again is safe (the server accepts a submission id once)
     */
    public synchronized String put(Submission job) throws ConveyorClientException {
        try {
            Message request;
            if (job.path() == null) {
                BytesMessage bytes = context.createBytesMessage();
                bytes.writeBytes(job.content());
                bytes.setStringProperty(SubmissionProtocol.FILE_NAME, job.fileName());
                request = bytes;
            } else {
                request = context.createMessage();
                request.setStringProperty(SubmissionProtocol.PATH, job.path());
            }
            for (Map.Entry<String, String> attribute : job.attributes().entrySet()) {
                request.setStringProperty(attribute.getKey(), attribute.getValue());
            }
            return ask(request, SubmissionProtocol.SUBMIT, job.id()).acceptedJobId();
        } catch (JMSException e) {
            throw new ConveyorClientException("cannot build the submission message: " + e, e);
        }
    }

    /**
     * The endpoint's maxQueueSize.
     *
     * @throws QueueFullException the broker's submissions address is full: the request was not sent; ask again later
     */
    public synchronized int getMaxQueueSize() throws ConveyorClientException {
        return queueSizes().maxQueueSize();
    }

    /**
     * How many more jobs the endpoint's queue takes now.
     *
     * @throws QueueFullException the broker's submissions address is full: the request was not sent; ask again later
     */
    public synchronized int getFreeQueueSize() throws ConveyorClientException {
        return queueSizes().freeQueueSize();
    }

    private Answer queueSizes() throws ConveyorClientException {
        return ask(context.createMessage(), SubmissionProtocol.QUEUE_SIZE, UUID.randomUUID().toString()).queueSizes();
    }

    private Answer ask(Message request, String kind, String requestId) throws ConveyorClientException {
        try {
            request.setStringProperty(SubmissionProtocol.REQUEST, kind);
            request.setStringProperty(SubmissionProtocol.ENDPOINT, endpoint);
            request.setStringProperty(SubmissionProtocol.SUBMISSION_ID, requestId);
            request.setJMSReplyTo(replies);
            context.createProducer().send(submissions, request);
            long deadline = System.nanoTime() + timeout.toNanos();
            for (long left = timeout.toMillis(); left > 0; left = (deadline - System.nanoTime()) / 1_000_000) {
                Message reply = answers.receive(left);
                // An answer to an earlier request that timed out is stale: skip it.
                if (reply != null && requestId.equals(reply.getJMSCorrelationID())) {
                    return Answer.of(reply);
                }
            }
            throw new ConveyorClientException("no answer from Conveyor within " + timeout + " for request " + requestId
                    + " to endpoint '" + endpoint + "'; putting the same submission again is safe");
        } catch (JMSRuntimeException e) {
            throw failure(e);
        } catch (JMSException e) {
            throw failure(e);
        }
    }

    private ConveyorClientException failure(Exception e) {
        if (isAddressFull(e)) {
            return brokerFull(e);
        }
        return new ConveyorClientException("messaging failed for endpoint '" + endpoint + "': " + e, e);
    }

    /**
     * Whether the broker refused the message because the address is full: a resource-allocation
     * exception, or Artemis's address-full exception (which its client wraps in a plain
     * JMSException), recognised by name so the library needs no broker classes.
     */
    static boolean isAddressFull(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = next(cause)) {
            if (cause instanceof ResourceAllocationException || cause instanceof ResourceAllocationRuntimeException
                    || cause.getClass().getSimpleName().contains("AddressFull")) {
                return true;
            }
        }
        return false;
    }

    private static Throwable next(Throwable cause) {
        if (cause.getCause() != null) {
            return cause.getCause();
        }
        return cause instanceof JMSException jms ? jms.getLinkedException() : null;
    }

    /**
     * The broker's submissions address is at its limit (address-full policy FAIL): nothing was
     * sent. The id is the client library's own (CNV-71xx), since no server logs it.
     */
    private QueueFullException brokerFull(Exception e) {
        return new QueueFullException("CNV-7101-W The broker refused the submission for endpoint '" + endpoint + "': its address "
                + SubmissionProtocol.SUBMISSIONS_QUEUE + " is full, so nothing was taken and the producer still holds the job. "
                + "Back off and put it again; if this lasts, Conveyor is not taking submissions off the broker. (" + e.getMessage() + ")", e);
    }

    @Override
    public void close() {
        context.close();
    }
}
