package dev.conveyor.job;

import dev.conveyor.common.JmsBodies;
import dev.conveyor.common.MessageId;
import dev.conveyor.common.Tunable;
import dev.conveyor.node.ThisNode;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
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
 * operation, then records the chunk's outcomes and writes the results of its successes in one
 * local transaction (the jobs become SUCCEEDED), and only then lets the broker forget the message.
 * Failures and the jobs of fan-out endpoints are recorded there (WRITING) and written in a second transaction.
 * No step spans the broker and the database (no two-phase commit): each is safe to meet again. A
 * crash before the outcomes commit redelivers the chunk, whose jobs are started again: a job whose
 * operation had finished finds its results listed in stage and is not run again (see
 * {@link JobCompletion#recordAndComplete}); once jobs are WRITING, a redelivery finds nothing to
 * start, and the recovery pass hands them to a result writer (at once when their node is dead). A chunk delivered again is first split into one message per job, so that a job that
 * kills its worker uses up only its own attempts. A claim's chunk of jobs known to be short (marked
 * quick, {@link Chunks#isQuick}) is started, run and recorded in one transaction instead
 * ({@link JobRunner#runQuickly}): two commits a chunk were a tenth of a small copy's CPU. A crash
 * in it leaves the jobs QUEUED as they were, and the chunk, delivered again, is split and run the
 * careful way, which counts each attempt before it runs. Jobs whose results have no room yet (a full
 * downstream endpoint, a volume short of minimumFreeSpace), and a write that fails, go to the
 * result writers (a callback): they sleep, retry and block as flow control says, while the
 * workers stay free for other jobs, the downstream endpoint's among them.
 * <p>
 * The consumer window is 0: a worker asks the broker for one message when it is free, so it gets
 * the highest JMS priority waiting in the queue at that moment. A prefetch buffer (the default
 * window is 1 MiB) is ordered by priority too, but only within one session: ids buffered here
 * would wait while another node's workers are free, and out of reach of a lent turn. When the
 * worker pool lends turns to lower buckets, the worker takes their jobs too (a receive with a
 * priority selector) and runs them after the job it was handed; every job of the delivery is
 * recorded after the last has run. A lent chunk is acknowledged as it is taken: if the worker
 * dies before recording it, its jobs stay QUEUED and the recovery pass sends their dispatch again.
 */
@MessageDriven(activationConfig = {
        @ActivationConfigProperty(propertyName = "destinationType", propertyValue = "jakarta.jms.Queue"),
        @ActivationConfigProperty(propertyName = "destination", propertyValue = JobMessaging.JOBS_QUEUE),
        @ActivationConfigProperty(propertyName = "resourceAdapter", propertyValue = JobMessaging.RESOURCE_ADAPTER),
        @ActivationConfigProperty(propertyName = "consumerWindowSize", propertyValue = "0"),
        @ActivationConfigProperty(propertyName = "maxSession", propertyValue = Tunable.WORKERS_REFERENCE)})
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class JobWorker implements MessageListener {

    private static final Logger LOG = Logger.getLogger(JobWorker.class.getName());

    @Inject
    JobRunner runner;

    @Inject
    JobCompletion completion;

    @Inject
    WorkerTurns pool;

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
        List<String> writing = new ArrayList<>();
        try {
            if (!JobMessaging.redelivered(message) && JobMessaging.quick(message)) {
                if (!runQuickly(jobIds, working, writing, priority(message))) {
                    return;
                }
            } else {
                run(jobIds, ran, working);
            }
            // Lent jobs are taken only now: while the handed job ran they stayed on the queue, in reach of free workers.
            pool.lentTurns(priority(message)).forEach((level, count) -> waitingChunks(level, count).forEach(chunk -> run(chunk, ran, working)));
            List<Outcome> outcomes = new ArrayList<>();
            for (Ran job : ran) {
                // Only a failure that may end otherwise is looked at again: asking takes a transaction of its own.
                if (!job.outcome().retriable() || !runner.retryLater(job.request(), job.outcome())) {
                    outcomes.add(job.outcome());
                }
            }
            if (!outcomes.isEmpty()) {
                writing.addAll(JobCompletion.recordWithSuccesses(completion, outcomes));
            }
            if (!writing.isEmpty()) {
                write(writing);
            }
        } finally {
            // The chunk's jobs stay this node's work until here, after their results are written: a job whose run is
            // over but whose chunk is still running is not abandoned, nor is one being written.
            node.endWork(working);
        }
    }

    private record Ran(RunRequest request, Outcome outcome) {
    }

    /**
     * Writes the recorded jobs' results where there is room for them now; the result writers take
     * over those without room (they wait for it, as flow control says, where a sleeping worker
     * would hold up the very endpoint it waits for) and all of them if the write fails.
     */
    private void write(List<String> recorded) {
        List<String> left;
        try {
            left = completion.completeNow(recorded);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, MessageId.RESULTS_HANDED_TO_WRITERS.format(recorded.size(), e), e);
            left = recorded;
        }
        if (!left.isEmpty()) {
            dispatcher.callbackLater(left);
        }
    }

    /**
     * Runs a chunk of short jobs in one transaction ({@link JobRunner#runQuickly}); those it
     * started are {@code working}, those left WRITING go to {@code writing}. When that transaction
     * does not commit, nothing of it stays but files the careful way knows how to meet: each job is
     * sent again in a message of its own (which runs the careful way) and false is returned.
     */
    private boolean runQuickly(List<String> jobIds, List<String> working, List<String> writing, int priority) {
        JobRunner.QuickRun run;
        try {
            run = runner.runQuickly(jobIds);
        } catch (RuntimeException notCommitted) {
            LOG.log(Level.WARNING, MessageId.QUICK_CHUNK_UNDONE.format(jobIds.size(), notCommitted), notCommitted);
            dispatcher.split(jobIds, priority, JobMessaging.JOBS_QUEUE);
            return false;
        }
        working.addAll(run.started());
        writing.addAll(run.leftWriting());
        return true;
    }

    /** Starts a chunk's jobs (from then on {@code working}) and runs them one by one. */
    private void run(List<String> jobIds, List<Ran> ran, List<String> working) {
        List<RunRequest> started = runner.startAll(jobIds);
        started.forEach(request -> working.add(request.jobId()));
        List<Outcome> outcomes = runner.executeAll(started);
        for (int i = 0; i < started.size(); i++) {
            ran.add(new Ran(started.get(i), outcomes.get(i)));
        }
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
