package dev.conveyor.job;

import dev.conveyor.common.JmsBodies;
import dev.conveyor.common.MessageId;
import dev.conveyor.common.Tunable;
import dev.conveyor.priority.WorkerPool;
import dev.conveyor.node.ThisNode;
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
 * A Job Manager worker: takes a chunk of job ids from the dispatch queue, runs each job's
 * operation, records the outcomes on the jobs and sends their ids to the callback queue in one
 * message. Recording and sending join the delivery's transaction: a crash before the commit
 * redelivers the chunk instead of losing it, and after it the outcomes and the callback both
 * exist. A chunk delivered again is first split into one message per job, so that a job that
 * kills its worker uses up only its own attempts.
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
        @ActivationConfigProperty(propertyName = "maxSession", propertyValue = Tunable.WORKERS_REFERENCE)})
public class JobWorker implements MessageListener {

    private static final Logger LOG = Logger.getLogger(JobWorker.class.getName());

    @Inject
    JobRunner runner;

    @Inject
    JobCompletion completion;

    @Inject
    WorkerPool pool;

    @Inject
    JobDispatcher dispatcher;

    @Inject
    ThisNode node;

    @Inject
    @JMSConnectionFactory(JobMessaging.CONNECTION_FACTORY)
    JMSContext jms;

    @Override
    public void onMessage(Message message) {
        List<String> jobIds = JobMessaging.jobIds(body(message));
        if (jobIds.size() > 1 && JobMessaging.redelivered(message)) {
            dispatcher.split(jobIds, priority(message), JobMessaging.JOBS_QUEUE);
            return;
        }
        List<Ran> ran = new ArrayList<>();
        List<String> working = new ArrayList<>();
        try {
            run(jobIds, ran, working);
            // Lent jobs are taken only now: while the handed job ran they stayed on the queue, in reach of free workers.
            pool.lentTurns(priority(message)).forEach((level, count) -> waitingChunks(level, count).forEach(chunk -> run(chunk, ran, working)));
            List<Outcome> outcomes = new ArrayList<>();
            for (Ran job : ran) {
                if (!runner.retryLater(job.request(), job.outcome())) {
                    outcomes.add(job.outcome());
                }
            }
            if (!outcomes.isEmpty()) {
                dispatcher.callback(completion.recordAll(outcomes));
            }
        } finally {
            // The chunk's jobs stay this node's work until here, after their outcomes are recorded: a job whose run is
            // over but whose chunk is still running is not abandoned. Their rows stay locked by the recording until the
            // delivery commits, so recovery cannot take them back in between; a delivery that fails lets them go too.
            working.forEach(node::endWork);
        }
    }

    private record Ran(RunRequest request, Outcome outcome) {
    }

    /** Starts a chunk's jobs (from then on {@code working}) and runs them one by one. */
    private void run(List<String> jobIds, List<Ran> ran, List<String> working) {
        List<RunRequest> started = runner.startAll(jobIds);
        started.forEach(request -> working.add(request.jobId()));
        started.forEach(request -> ran.add(new Ran(request, runner.execute(request))));
    }


    /** Takes up to {@code count} chunks waiting at {@code priority}, within the delivery's transaction. */
    private List<List<String>> waitingChunks(int priority, int count) {
        List<List<String>> taken = new ArrayList<>();
        try (JMSConsumer consumer = jms.createConsumer(jms.createQueue(JobMessaging.JOBS_QUEUE), "JMSPriority = " + priority)) {
            while (taken.size() < count) {
                Message waiting = consumer.receiveNoWait();
                if (waiting == null) {
                    pool.foundEmpty(priority);
                    break;
                }
                taken.add(JobMessaging.jobIds(body(waiting)));
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
            return JmsBodies.text(message);
        } catch (JMSException e) {
            throw new IllegalArgumentException("dispatch message without a job id: " + message, e);
        }
    }
}
