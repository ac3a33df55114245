package dev.conveyor.job;

import dev.conveyor.common.JmsBodies;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.inject.Inject;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

/** Takes callbacks (job ids) from the workers and writes the recorded results (the manual's file_write_results_service). */
@MessageDriven(activationConfig = {
        @ActivationConfigProperty(propertyName = "destinationType", propertyValue = "jakarta.jms.Queue"),
        @ActivationConfigProperty(propertyName = "destination", propertyValue = JobMessaging.CALLBACKS_QUEUE),
        @ActivationConfigProperty(propertyName = "resourceAdapter", propertyValue = JobMessaging.RESOURCE_ADAPTER),
        @ActivationConfigProperty(propertyName = "maxSession", propertyValue = "4")})
public class ResultWriter implements MessageListener {

    @Inject
    JobCompletion completion;

    @Override
    public void onMessage(Message message) {
        try {
            completion.complete(JmsBodies.text(message));
        } catch (JMSException e) {
            throw new IllegalArgumentException("callback message without a job id: " + message, e);
        }
    }
}
