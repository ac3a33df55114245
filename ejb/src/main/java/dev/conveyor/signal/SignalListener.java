package dev.conveyor.signal;

import dev.conveyor.common.JsonText;
import dev.conveyor.common.ConveyorException;
import dev.conveyor.common.JmsBodies;
import dev.conveyor.common.MessageId;
import dev.conveyor.common.Tunable;
import dev.conveyor.job.JobMessaging;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.inject.Inject;
import jakarta.jms.JMSConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import jakarta.jms.TextMessage;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import java.util.logging.Logger;

/**
 * Notifies from the signal queue: string property {@value #SIGNAL_ID}, body empty or the JSON of
 * a {@link NotifyRequest}. The notify joins the delivery's transaction, so a redelivery after a
 * crash counts once. A malformed message is moved to {@value #REJECTED_QUEUE} with its reason in
 * {@value #REJECTION_REASON}, in the same transaction: never dropped, never retried forever.
 */
@MessageDriven(activationConfig = {
        @ActivationConfigProperty(propertyName = "destinationType", propertyValue = "jakarta.jms.Queue"),
        @ActivationConfigProperty(propertyName = "destination", propertyValue = SignalListener.SIGNALS_QUEUE),
        @ActivationConfigProperty(propertyName = "resourceAdapter", propertyValue = JobMessaging.RESOURCE_ADAPTER),
        @ActivationConfigProperty(propertyName = "maxSession", propertyValue = Tunable.SIGNAL_LISTENERS_REFERENCE)})
public class SignalListener implements MessageListener {

    public static final String SIGNALS_QUEUE = "conveyor.signals";
    public static final String REJECTED_QUEUE = "conveyor.signals.rejected";
    public static final String SIGNAL_ID = "signalId";
    public static final String REJECTION_REASON = "rejectionReason";

    private static final Logger LOG = Logger.getLogger(SignalListener.class.getName());

    @Inject
    SignalService signals;

    @Inject
    @JMSConnectionFactory(JobMessaging.CONNECTION_FACTORY)
    JMSContext jms;

    @Override
    public void onMessage(Message message) {
        String body = null;
        try {
            // Only a TextMessage's body is read: any other kind is refused unread, so an ObjectMessage is never deserialized.
            if (!(message instanceof TextMessage text)) {
                throw ConveyorException.invalidField("body", "must be a text message holding JSON; a " + JmsBodies.kind(message)
                        + " is refused unread");
            }
            body = text.getText();
            NotifyRequest request = NotifyRequest.parse(body == null || body.isBlank() ? JsonObject.EMPTY_JSON_OBJECT : json(body));
            String signalId = message.getStringProperty(SIGNAL_ID);
            // Checked here, not in the notify: a refusal there would roll back the delivery and loop.
            SignalService.checkId(signalId);
            signals.notify(signalId, request.counterName(), request.delta(), request.attributes());
        } catch (ConveyorException e) {
            reject(body, e.getMessage());
        } catch (JMSException e) {
            reject(body, "the message could not be read: " + e.getMessage());
        }
    }

    private static JsonObject json(String body) {
        try {
            return JsonText.object(body);
        } catch (JsonException | IllegalStateException e) {
            throw ConveyorException.invalidField("body", "is not a JSON object: " + e.getMessage());
        }
    }

    private void reject(String body, String reason) {
        LOG.warning(MessageId.SIGNAL_MESSAGE_REJECTED.format(REJECTED_QUEUE, reason));
        jms.createProducer().setProperty(REJECTION_REASON, reason).send(jms.createQueue(REJECTED_QUEUE), body == null ? "" : body);
    }
}
