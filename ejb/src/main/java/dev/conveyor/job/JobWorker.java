package dev.conveyor.job;

import dev.conveyor.common.MessageId;
import dev.conveyor.priority.WorkerPool;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.inject.Inject;
import jakarta.jms.JMSConnectionFactory;
import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A Job Manager worker: takes a job id from the dispatch queue, runs the operation, records the
 * outcome on the job and sends the job id to the callback queue. Recording and sending join the
 * delivery's transaction: a crash before the commit redelivers the job instead of losing it, and
 * after it the outcome and the callback both exist.
 * <p>
 * The consumer window is 0: a worker asks the broker for one message when it is free, so it gets
 * the highest JMS priority waiting in the queue at that moment. A prefetch buffer (the default
 * window is 1 MiB) is ordered by priority too, but only within one session: ids buffered here
 * would wait while another node's workers are free, and out of reach of a lent turn. When the
 * worker pool gives the turn to a lower bucket, the worker takes one of that bucket's jobs instead
 * and puts the job it was handed back on the queue at its priority, in the same transaction.
 */
@MessageDriven(activationConfig = {
        @ActivationConfigProperty(propertyName = "destinationType", propertyValue = "jakarta.jms.Queue"),
        @ActivationConfigProperty(propertyName = "destination", propertyValue = JobMessaging.JOBS_QUEUE),
        @ActivationConfigProperty(propertyName = "resourceAdapter", propertyValue = JobMessaging.RESOURCE_ADAPTER),
        @ActivationConfigProperty(propertyName = "consumerWindowSize", propertyValue = "0"),
        @ActivationConfigProperty(propertyName = "maxSession", propertyValue = "4")})
public class JobWorker implements MessageListener {

    private static final Logger LOG = Logger.getLogger(JobWorker.class.getName());

    @Inject
    JobRunner runner;

    @Inject
    JobCompletion completion;

    @Inject
    WorkerPool pool;

    @Inject
    @JMSConnectionFactory(JobMessaging.CONNECTION_FACTORY)
    JMSContext jms;

    @Override
    public void onMessage(Message message) {
        String jobId = body(message);
        int priority = priority(message);
        OptionalInt lower = pool.lowerLevelToServe(priority);
        if (lower.isPresent()) {
            Optional<String> lent = waitingJob(lower.getAsInt());
            if (lent.isPresent()) {
                jms.createProducer().setPriority(priority).send(jms.createQueue(JobMessaging.JOBS_QUEUE), jobId);
                jobId = lent.get();
            } else {
                pool.foundEmpty(lower.getAsInt());
            }
        }
        String running = jobId;
        runner.start(running).ifPresent(request -> {
            Outcome outcome = runner.execute(request);
            if (!runner.retryLater(request, outcome) && completion.record(outcome)) {
                jms.createProducer().send(jms.createQueue(JobMessaging.CALLBACKS_QUEUE), running);
            }
        });
    }

    /** Takes one job waiting at {@code priority}, within the delivery's transaction, if there is one. */
    private Optional<String> waitingJob(int priority) {
        try (JMSConsumer consumer = jms.createConsumer(jms.createQueue(JobMessaging.JOBS_QUEUE), "JMSPriority = " + priority)) {
            return Optional.ofNullable(consumer.receiveNoWait()).map(JobWorker::body);
        } catch (JMSRuntimeException e) {
            LOG.log(Level.WARNING, MessageId.TURN_NOT_LENT.format(priority, e), e);
            return Optional.empty();
        }
    }

    private static int priority(Message message) {
        try {
            return message.getJMSPriority();
        } catch (JMSException e) {
            throw new IllegalArgumentException("dispatch message without a priority: " + message, e);
        }
    }

    private static String body(Message message) {
        try {
            return message.getBody(String.class);
        } catch (JMSException e) {
            throw new IllegalArgumentException("dispatch message without a job id: " + message, e);
        }
    }
}
