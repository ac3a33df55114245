package dev.conveyor.job;

import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.inject.Inject;
import jakarta.jms.JMSConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

/**
 * A Job Manager worker: takes a job id from the dispatch queue, runs the operation, and sends
 * the outcome to the callback queue. The callback is sent in the delivery's transaction, so a
 * crash before commit redelivers the job instead of losing it.
 */
@MessageDriven(activationConfig = {
        @ActivationConfigProperty(propertyName = "destinationType", propertyValue = "jakarta.jms.Queue"),
        @ActivationConfigProperty(propertyName = "destination", propertyValue = JobMessaging.JOBS_QUEUE),
        @ActivationConfigProperty(propertyName = "resourceAdapter", propertyValue = JobMessaging.RESOURCE_ADAPTER),
        @ActivationConfigProperty(propertyName = "maxSession", propertyValue = "4")})
public class JobWorker implements MessageListener {

    @Inject
    JobRunner runner;

    @Inject
    @JMSConnectionFactory(JobMessaging.CONNECTION_FACTORY)
    JMSContext jms;

    @Override
    public void onMessage(Message message) {
        String jobId = body(message);
        runner.start(jobId).map(runner::execute).ifPresent(outcome -> jms.createProducer()
                .setProperty(JobMessaging.JOB_ID, outcome.jobId())
                .setProperty(JobMessaging.SUCCEEDED, outcome.succeeded())
                .setProperty(JobMessaging.REASON, outcome.reason())
                .setProperty(JobMessaging.DETAIL, outcome.detail())
                .send(jms.createQueue(JobMessaging.CALLBACKS_QUEUE), outcome.jobId()));
    }

    private static String body(Message message) {
        try {
            return message.getBody(String.class);
        } catch (JMSException e) {
            throw new IllegalArgumentException("dispatch message without a job id: " + message, e);
        }
    }
}
