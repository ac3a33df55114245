package dev.conveyor.signal;

import dev.conveyor.endpoint.WaitSpec;
import dev.conveyor.common.ConveyorException;
import dev.conveyor.common.MessageId;
import dev.conveyor.endpoint.EndpointService;
import dev.conveyor.job.Job;
import dev.conveyor.job.Jobs;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The signal store. A notify locks its signal's row, adds to the counter and releases the jobs
 * the new count lets go, all in the caller's transaction: concurrent notifies on one id, from
 * any thread or node, queue on the row and none is lost; a notify rolled back releases nothing.
 */
@Stateless
public class SignalService {

    public static final String DEFAULT_COUNTER = "default";

    @PersistenceContext
    EntityManager em;

    @Inject
    Jobs jobs;

    @Inject
    WaitingRoom waiting;

    @Inject
    SignalLocks locks;

    @Inject
    EndpointService endpoints;

    public SignalView notify(String signalId, String counterName, long delta, Map<String, String> attributes) {
        checkId(signalId);
        if (counterName == null || counterName.isBlank()) {
            throw ConveyorException.invalidField("counterName", "must not be empty; leave it out to count on '" + DEFAULT_COUNTER + "'");
        }
        locks.holdUntilCompletion(signalId);
        Signal signal = Signal.lockedOrCreated(em, signalId);
        signal.update(signal.counts().notify(counterName, delta, attributes), Instant.now());
        waiting.releaseWaiting(signal);
        return SignalView.of(signal);
    }

    public SignalView get(String signalId) {
        Signal signal = em.find(Signal.class, signalId);
        if (signal == null) {
            throw new ConveyorException(MessageId.SIGNAL_NOT_FOUND, signalId);
        }
        return SignalView.of(signal);
    }

    /** The waiting jobs grouped by signal id and endpoint, longest waiting first, at most {@code limit} groups. */
    public List<WaitingGroup> waitingGroups(int limit) {
        List<WaitingGroup> groups = new ArrayList<>();
        for (Jobs.WaitingGroup waiting : jobs.waitingGroups(limit)) {
            String signalId = waiting.signalId();
            String endpoint = waiting.endpoint();
            Optional<WaitSpec> wait = endpoints.config(endpoint).flatMap(WaitSpec::of);
            Signal signal = em.find(Signal.class, signalId);
            groups.add(new WaitingGroup(signalId, endpoint, waiting.count(), waiting.since(),
                    wait.map(w -> w.targetSignalCount().toString()).orElse(null),
                    wait.map(WaitSpec::signalCounterName).orElse(null),
                    signal == null ? null : SignalView.of(signal)));
        }
        return groups;
    }

    /** Clears a signal: its counters, attributes and credit are gone; jobs waiting for it go on waiting. */
    public void delete(String signalId) {
        em.remove(Signal.locked(em, signalId).orElseThrow(() -> new ConveyorException(MessageId.SIGNAL_NOT_FOUND, signalId)));
    }

    /** Refuses an id no signal can have: empty, or longer than the store keeps. */
    public static void checkId(String signalId) {
        if (signalId == null || signalId.isBlank()) {
            throw ConveyorException.invalidField("signalId", "must not be empty");
        }
        if (signalId.length() > Job.MAX_SIGNAL_ID_LENGTH) {
            throw ConveyorException.invalidField("signalId", MessageId.SIGNAL_ID_TOO_LONG.text(
                    signalId.substring(0, 20), signalId.length(), Job.MAX_SIGNAL_ID_LENGTH));
        }
    }

}
