package dev.conveyor.job;

import dev.conveyor.common.JmsBodies;
import dev.conveyor.common.Tunable;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.inject.Inject;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import java.util.List;

/** Takes callbacks (chunks of job ids) from the workers and writes the recorded results (the manual's file_write_results_service). */
@MessageDriven(activationConfig = {
        @ActivationConfigProperty(propertyName = "destinationType", propertyValue = "jakarta.jms.Queue"),
        @ActivationConfigProperty(propertyName = "destination", propertyValue = JobMessaging.CALLBACKS_QUEUE),
        @ActivationConfigProperty(propertyName = "resourceAdapter", propertyValue = JobMessaging.RESOURCE_ADAPTER),
        @ActivationConfigProperty(propertyName = "maxSession", propertyValue = Tunable.RESULT_WRITERS_REFERENCE)})
public class ResultWriter implements MessageListener {

    @Inject
    JobCompletion completion;

    @Inject
    JobDispatcher dispatcher;

    /**
     * Writes a chunk's results in the delivery's transaction. A chunk delivered again (a write
     * failed) is split into one callback per job, so that one job whose results cannot be written
     * does not hold back the others.
     */
    @Override
    public void onMessage(Message message) {
        List<String> jobIds;
        try {
            jobIds = JobMessaging.jobIds(JmsBodies.text(message));
        } catch (JMSException e) {
            throw new IllegalArgumentException("callback message without job ids: " + message, e);
        }
        if (jobIds.size() > 1 && JobMessaging.redelivered(message)) {
            dispatcher.split(jobIds, Message.DEFAULT_PRIORITY, JobMessaging.CALLBACKS_QUEUE);
        } else {
            completion.completeAll(jobIds);
        }
    }
}
