package dev.conveyor.job;

import dev.conveyor.common.MessageId;
import dev.conveyor.common.Tunable;
import dev.conveyor.endpoint.EndpointResumed;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.SessionContext;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import jakarta.jms.JMSConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.Message;
import jakarta.jms.QueueBrowser;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiPredicate;
import java.util.function.Predicate;
import java.util.logging.Logger;

/** Puts staged jobs on the Job Manager queue. */
@Stateless
public class JobDispatcher {

    private static final Logger LOG = Logger.getLogger(JobDispatcher.class.getName());

    /**
     * Jobs per transaction of a re-queue: the thousand jobs a restart finds abandoned go back in
     * a few commits, each holding a bounded number of row locks (a worker starting one waits).
     */
    public static final int REQUEUE_CHUNK = 250;

    @Inject
    @JMSConnectionFactory(JobMessaging.CONNECTION_FACTORY)
    JMSContext jms;

    @Inject
    Jobs jobs;

    @Inject
    JobTimes times;

    @Resource
    SessionContext session;

    private JobDispatcher self;

    @PostConstruct
    void lookUpSelf() {
        // Each callback in a transaction of its own: one failing send does not undo the others.
        self = session.getBusinessObject(JobDispatcher.class);
    }

    /**
     * Marks the jobs QUEUED and sends their dispatch messages in one transaction: either all of
     * it happens or the jobs stay STAGED (and the next scan queues them). One transaction for a
     * whole batch costs one commit on the database and one on the broker's journal.
     */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public void dispatch(List<String> jobIds) {
        queue(jobIds);
    }

    /**
     * Queues staged jobs as {@link #dispatch} does, inside the caller's transaction (a release
     * from waiting). Their rows are read and locked together; they go out as chunks of one
     * endpoint and one bucket ({@link Chunks}), one message per chunk at the bucket's JMS priority.
     */
    @TransactionAttribute(TransactionAttributeType.MANDATORY)
    public void queue(List<String> jobIds) {
        queueWhere(jobIds, job -> job.getState() == JobState.STAGED);
    }

    /** Marks those of the jobs that {@code queueable} lets QUEUED and sends them as chunks; returns how many. */
    private int queueWhere(List<String> jobIds, Predicate<Job> queueable) {
        List<Job> queued = jobs.locked(jobIds).stream().filter(queueable).toList();
        queued.forEach(job -> job.moveTo(JobState.QUEUED));
        sendChunks(queued);
        return queued.size();
    }

    /** The jobs' dispatch as chunks of one endpoint and one bucket, highest priority first within each endpoint. */
    private void sendChunks(List<Job> queued) {
        Map<String, Map<Integer, List<String>>> byEndpointAndPriority = new LinkedHashMap<>();
        for (Job job : queued) {
            byEndpointAndPriority.computeIfAbsent(job.getEndpoint(), endpoint -> new TreeMap<>(Comparator.reverseOrder()))
                    .computeIfAbsent(job.getJmsPriority(), priority -> new ArrayList<>()).add(job.getId());
        }
        byEndpointAndPriority.forEach(this::sendChunks);
    }

    /**
     * Sends the dispatch of jobs a claim wrote QUEUED ({@code priorities}: job id to JMS
     * priority), in a transaction of the broker's alone: the claim has committed their rows.
     */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public void sendClaimed(String endpoint, Map<String, Integer> priorities) {
        Map<Integer, List<String>> byPriority = new TreeMap<>(Comparator.reverseOrder());
        priorities.forEach((jobId, priority) -> byPriority.computeIfAbsent(priority, p -> new ArrayList<>()).add(jobId));
        sendChunks(endpoint, byPriority);
    }

    /**
     * One endpoint's jobs as chunks ({@link Chunks}), highest priority first, one message per chunk
     * at its priority, marked quick when the endpoint's jobs are short ({@link Chunks#isQuick}).
     */
    private void sendChunks(String endpoint, Map<Integer, List<String>> byPriority) {
        int workers = Tunable.WORKERS.value();
        Duration meanJobTime = times.mean(endpoint);
        boolean quick = Chunks.isQuick(meanJobTime);
        byPriority.forEach((priority, ids) -> {
            int size = Chunks.size(meanJobTime, ids.size(), workers);
            Chunks.of(ids, size).forEach(chunk -> send(priority, chunk, quick));
        });
    }

    /** A dispatch delivered after {@code delay}, inside the caller's transaction: an operation tried again after a back-off. */
    @TransactionAttribute(TransactionAttributeType.MANDATORY)
    public void dispatchLater(Job job, Duration delay) {
        jms.createProducer().setPriority(job.getJmsPriority()).setDeliveryDelay(delay.toMillis())
                .send(jms.createQueue(JobMessaging.JOBS_QUEUE), job.getId());
    }

    /** The job's dispatch message at its bucket's JMS priority: a re-bucketing. */
    private void send(Job job) {
        send(job.getJmsPriority(), List.of(job.getId()), false);
    }

    /** One dispatch message naming {@code jobIds}, marked {@code quick} as {@link JobMessaging#QUICK} says. */
    private void send(int priority, List<String> jobIds, boolean quick) {
        jms.createProducer().setPriority(priority).setProperty(JobMessaging.QUICK, quick)
                .send(jms.createQueue(JobMessaging.JOBS_QUEUE), JobMessaging.body(jobIds));
    }

    /**
     * Sends each job of a chunk whose delivery failed in a message of its own, inside the
     * delivery's transaction (a result writer's) or in one of its own (a worker's): a job that
     * kills its worker then uses up only its own attempts, not its chunk-mates'.
     */
    public void split(List<String> jobIds, int priority, String queue) {
        jobIds.forEach(jobId -> jms.createProducer().setPriority(priority).send(jms.createQueue(queue), jobId));
    }

    private void sendCallback(List<String> jobIds) {
        if (!jobIds.isEmpty()) {
            jms.createProducer().send(jms.createQueue(JobMessaging.CALLBACKS_QUEUE), JobMessaging.body(jobIds));
        }
    }

    /**
     * Gives jobs nobody runs back to the queue: each of them still RUNNING whose node is dead or,
     * on this node, that no worker has (its delivery was lost, or this node's previous start left
     * it) becomes QUEUED, and they are sent as a claim's are, chunks of one endpoint and one bucket
     * at the bucket's JMS priority; all in one transaction, so the caller hands them over
     * {@link #REQUEUE_CHUNK} at a time. Returns how many it re-queued.
     */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public int requeueAbandoned(List<String> jobIds, BiPredicate<String, String> stillRunning) {
        return queueWhere(jobIds, job -> job.getState() == JobState.RUNNING && !stillRunning.test(job.getNode(), job.getId()));
    }

    /** The ids of the jobs named by the messages waiting on the dispatch queue (browsed, not taken). */
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public Set<String> queuedIds() {
        Set<String> ids = new HashSet<>();
        try (QueueBrowser browser = jms.createBrowser(jms.createQueue(JobMessaging.JOBS_QUEUE))) {
            Enumeration<?> messages = browser.getEnumeration();
            while (messages.hasMoreElements()) {
                ids.addAll(JobMessaging.jobIds(((Message) messages.nextElement()).getBody(String.class)));
            }
        } catch (JMSException e) {
            throw new JMSRuntimeException(e.getMessage(), e.getErrorCode(), e);
        }
        return ids;
    }

    /**
     * Sends the dispatch of QUEUED jobs whose message was lost again, as chunks as a claim's are,
     * in one transaction (the caller hands them over {@link #REQUEUE_CHUNK} at a time); a worker
     * ignores a second message whose job it finds started.
     */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public void resendDispatches(List<String> jobIds) {
        sendChunks(jobs.locked(jobIds).stream().filter(job -> job.getState() == JobState.QUEUED).toList());
    }

    /** Re-bucketed queued jobs get a dispatch at their new priority, in the re-bucketing's transaction. */
    public void requeue(@Observes Rebucketed rebucketed) {
        rebucketed.queuedJobIds().stream().map(jobs::find).flatMap(Optional::stream).forEach(this::send);
    }

    /** Sends a job's callback inside the caller's transaction: its outcome was recorded there (a fan-out parent failed by a child). */
    @TransactionAttribute(TransactionAttributeType.MANDATORY)
    public void callback(String jobId) {
        sendCallback(List.of(jobId));
    }

    /**
     * Once a resume commits, sends again the callbacks of the endpoint's WRITING jobs: those
     * whose results waited while it was blocked are written now. A repeat is harmless, and the
     * recovery pass would send them within minutes anyway.
     */
    public void writeWaitingResults(@Observes(during = TransactionPhase.AFTER_SUCCESS) EndpointResumed resumed) {
        List<String> waiting = jobs.inState(resumed.name(), JobState.WRITING);
        self.resendCallbacks(waiting);
        if (!waiting.isEmpty()) {
            LOG.info(MessageId.ENDPOINT_RESUMED.format(resumed.name(), waiting.size()));
        }
    }

    /**
     * Sends WRITING jobs' callbacks again, for result writes that were interrupted or waited,
     * chunks of {@link Chunks#MAX_CHUNK} a message as a worker hands them over, all in one
     * transaction: a blocked endpoint may hold thousands. A repeat is harmless, and a chunk
     * whose write fails comes back split into one callback per job (see {@link ResultWriter}).
     */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public void resendCallbacks(List<String> jobIds) {
        Chunks.of(jobIds, Chunks.MAX_CHUNK).forEach(this::sendCallback);
    }

    /**
     * Hands WRITING jobs to the result writers in one callback, in a transaction of its own: a
     * worker leaves them the results that found no room yet, and a write of its own that failed,
     * for the writers' waits and retries.
     */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public void callbackLater(List<String> jobIds) {
        sendCallback(jobIds);
    }
}
