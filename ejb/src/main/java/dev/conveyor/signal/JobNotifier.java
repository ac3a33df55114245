package dev.conveyor.signal;

import static dev.conveyor.endpoint.EndpointSettings.NOTIFY;

import dev.conveyor.common.ConveyorException;
import dev.conveyor.common.MessageId;
import dev.conveyor.expression.InvalidExpressionException;
import dev.conveyor.job.JobFinished;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.logging.Logger;

/**
 * An endpoint's notify: a job that ended sends its signal in the transaction that records its
 * end, so the signal counts exactly when the job's end is committed. A notify that cannot be
 * worked out for the job (empty id, a delta that is no number) is logged and skipped: the job's
 * end stands.
 */
@ApplicationScoped
public class JobNotifier {

    private static final Logger LOG = Logger.getLogger(JobNotifier.class.getName());

    @Inject
    SignalService signals;

    void jobFinished(@Observes JobFinished finished) {
        finished.endpoint().get(NOTIFY).filter(notify -> notify.appliesTo(finished.succeeded())).ifPresent(notify -> {
            Map<String, String> attributes = finished.job().getAttributes();
            try {
                signals.notify(notify.releaseSignalId().text(attributes), notify.signalCounterName().text(attributes),
                        notify.signalCounterDelta().number(attributes), notify.cachedAttributes(attributes));
            } catch (ConveyorException | InvalidExpressionException e) {
                LOG.warning(MessageId.NOTIFY_SKIPPED.format(finished.job().getId(), finished.endpoint().name(), e.getMessage()));
            }
        });
    }
}
