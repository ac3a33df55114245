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
import java.util.ArrayList;
import java.util.List;
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
 * worker pool lends turns to lower buckets, the worker takes their jobs too (a receive with a
 * priority selector, in the delivery's transaction) and runs them after the job it was handed.
 * Every job of the delivery is recorded after the last has run: their outcomes and callbacks
 * commit with the delivery, so a crash in between runs them all again rather than losing one.
 */
@MessageDriven(activationConfig = {
        @ActivationConfigProperty(propertyName = "destinationType", propertyValue = "jakarta.jms.Queue"),
        @ActivationConfigProperty(propertyName = "destination", propertyValue = JobMessaging.JOBS_QUEUE),
        @ActivationConfigProperty(propertyName = "resourceAdapter", propertyValue = JobMessaging.RESOURCE_ADAPTER),
        @ActivationConfigProperty(propertyName = "consumerWindowSize", propertyValue = "0"),
        @ActivationConfigProperty(propertyName = "maxSession", propertyValue = JobWorker.SESSIONS)})
public class JobWorker implements MessageListener {

    /** How many workers each node runs at once: the MDB's sessions. */
    public static final String SESSIONS = "4";

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
        List<Ran> ran = new ArrayList<>();
        run(body(message), ran);
        // Lent jobs are taken only now: while the handed job ran they stayed on the queue, in reach of free workers.
        pool.lentTurns(priority(message)).forEach((level, count) -> waitingJobs(level, count).forEach(jobId -> run(jobId, ran)));
        for (Ran job : ran) {
            if (!runner.retryLater(job.request(), job.outcome()) && completion.record(job.outcome())) {
                jms.createProducer().send(jms.createQueue(JobMessaging.CALLBACKS_QUEUE), job.request().jobId());
            }
        }
    }

    private record Ran(RunRequest request, Outcome outcome) {
    }

    private void run(String jobId, List<Ran> ran) {
        runner.start(jobId).ifPresent(request -> ran.add(new Ran(request, runner.execute(request))));
    }

    /** Takes up to {@code count} jobs waiting at {@code priority}, within the delivery's transaction. */
    private List<String> waitingJobs(int priority, int count) {
        List<String> taken = new ArrayList<>();
        try (JMSConsumer consumer = jms.createConsumer(jms.createQueue(JobMessaging.JOBS_QUEUE), "JMSPriority = " + priority)) {
            while (taken.size() < count) {
                Message waiting = consumer.receiveNoWait();
                if (waiting == null) {
                    pool.foundEmpty(priority);
                    break;
                }
                taken.add(body(waiting));
            }
        } catch (JMSRuntimeException e) {
            LOG.log(Level.WARNING, MessageId.TURN_NOT_LENT.format(priority, e), e);
        }
        return taken;
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
