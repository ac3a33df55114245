package dev.conveyor.incontainer;

import dev.conveyor.endpoint.Endpoint;
import dev.conveyor.job.JobMessaging;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.jms.JMSConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.QueueBrowser;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;

/**
 * What the in-container tests need besides the services' own methods: how many messages on the
 * broker name a job, a job put in the state a crash leaves (its node gone, long ago), which no
 * business method makes, a transaction that fails after a service's work, and one that holds an
 * endpoint's row as a claim does.
 */
@Stateless
public class Fixture {

    @PersistenceContext
    EntityManager em;

    @Inject
    @JMSConnectionFactory(JobMessaging.CONNECTION_FACTORY)
    JMSContext jms;

    /** How many messages waiting on {@code queue} name the job (browsed, not taken). */
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public int messagesNaming(String queue, String jobId) throws JMSException {
        return waitingBodies(queue).stream().mapToInt(ids -> Collections.frequency(ids, jobId)).sum();
    }

    /** How many messages waiting on {@code queue} name any of the jobs: one per job, or fewer when they travel together. */
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public long messagesNamingAny(String queue, Collection<String> jobIds) throws JMSException {
        return waitingBodies(queue).stream().filter(ids -> !Collections.disjoint(ids, jobIds)).count();
    }

    /** The job ids of each message waiting on {@code queue}. */
    private List<List<String>> waitingBodies(String queue) throws JMSException {
        List<List<String>> bodies = new ArrayList<>();
        try (QueueBrowser browser = jms.createBrowser(jms.createQueue(queue))) {
            Enumeration<?> messages = browser.getEnumeration();
            while (messages.hasMoreElements()) {
                bodies.add(JobMessaging.jobIds(((Message) messages.nextElement()).getBody(String.class)));
            }
        }
        return bodies;
    }

    /** The job as a node that died at {@code since} left it: still marked as that node's, unchanged since then. */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public void leftByDeadNode(String jobId, String deadNode, Instant since) {
        int changed = em.createQuery("UPDATE Job j SET j.node = :node, j.changedAt = :since WHERE j.id = :id")
                .setParameter("node", deadNode).setParameter("since", since).setParameter("id", jobId).executeUpdate();
        if (changed != 1) {
            throw new IllegalStateException("no job " + jobId);
        }
    }

    /**
     * Does {@code work} in a transaction and then fails, as a caller that meets an error after a
     * service wrote its rows: the container rolls the transaction back (an EJBException to the caller).
     */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public void failAfter(Runnable work) {
        work.run();
        throw new IllegalStateException("failing on purpose after the work, so that its transaction rolls back");
    }

    /** Locks the endpoint's row in the caller's transaction, as a claim locks it, until that transaction ends. */
    public void lockEndpoint(String name) {
        em.find(Endpoint.class, name, LockModeType.PESSIMISTIC_WRITE);
    }

    /** The ids of the endpoint's jobs, whatever their state. */
    public List<String> jobsOf(String endpoint) {
        return em.createQuery("SELECT j.id FROM Job j WHERE j.endpoint = :endpoint", String.class)
                .setParameter("endpoint", endpoint).getResultList();
    }
}
