package dev.conveyor.submit;

import dev.conveyor.client.SubmissionProtocol;
import dev.conveyor.common.Tunable;
import dev.conveyor.job.JobMessaging;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.inject.Inject;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

/** Takes producers' requests from the submissions queue; {@link Submissions} does the work. */
@MessageDriven(activationConfig = {
        @ActivationConfigProperty(propertyName = "destinationType", propertyValue = "jakarta.jms.Queue"),
        @ActivationConfigProperty(propertyName = "destination", propertyValue = SubmissionProtocol.SUBMISSIONS_QUEUE),
        @ActivationConfigProperty(propertyName = "resourceAdapter", propertyValue = JobMessaging.RESOURCE_ADAPTER),
        @ActivationConfigProperty(propertyName = "maxSession", propertyValue = Tunable.SUBMISSION_LISTENERS_REFERENCE)})
public class SubmissionListener implements MessageListener {

    @Inject
    Submissions submissions;

    @Override
    public void onMessage(Message request) {
        try {
            submissions.take(request);
        } catch (JMSException e) {
            // Rolled back and redelivered; the submission id keeps a repeat from making a second job.
            throw new IllegalStateException("submission could not be read or answered: " + e, e);
        }
    }
}
