package dev.conveyor.job;

import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.jms.JMSConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;

/** Puts staged jobs on the Job Manager queue. */
@Stateless
public class JobDispatcher {

    @PersistenceContext
    EntityManager em;

    @Inject
    @JMSConnectionFactory(JobMessaging.CONNECTION_FACTORY)
    JMSContext jms;

    /**
     * Marks the job QUEUED and sends its dispatch message in one transaction: either both
     * happen or the job stays STAGED (and recovery queues it later).
     */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public void dispatch(String jobId) {
        Job job = em.find(Job.class, jobId, LockModeType.PESSIMISTIC_WRITE);
        if (job == null || job.getState() != JobState.STAGED) {
            return;
        }
        job.moveTo(JobState.QUEUED);
        jms.createProducer().send(jms.createQueue(JobMessaging.JOBS_QUEUE), jobId);
    }
}
