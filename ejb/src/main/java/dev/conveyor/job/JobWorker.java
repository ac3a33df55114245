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
 * A Job Manager worker: takes a job id from the dispatch queue, runs the operation, records the
 * outcome on the job and sends the job id to the callback queue. Recording and sending join the
 * delivery's transaction: a crash before the commit redelivers the job instead of losing it, and
 * after it the outcome and the callback both exist.
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
    JobCompletion completion;

    @Inject
    @JMSConnectionFactory(JobMessaging.CONNECTION_FACTORY)
    JMSContext jms;

    @Override
    public void onMessage(Message message) {
        String jobId = body(message);
        runner.start(jobId).map(runner::execute).filter(completion::record)
                .ifPresent(outcome -> jms.createProducer().send(jms.createQueue(JobMessaging.CALLBACKS_QUEUE), jobId));
    }

    private static String body(Message message) {
        try {
            return message.getBody(String.class);
        } catch (JMSException e) {
            throw new IllegalArgumentException("dispatch message without a job id: " + message, e);
        }
    }
}
