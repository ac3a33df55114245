package dev.conveyor.signal;

import dev.conveyor.endpoint.WaitSpec;
import static dev.conveyor.endpoint.EndpointSettings.ASYNCHRONOUS;
import static dev.conveyor.endpoint.EndpointSettings.WAIT;

import dev.conveyor.common.ConveyorException;
import dev.conveyor.common.MessageId;
import dev.conveyor.endpoint.EndpointConfig;
import dev.conveyor.endpoint.EndpointService;
import dev.conveyor.expression.InvalidExpressionException;
import dev.conveyor.job.Job;
import dev.conveyor.job.JobCompletion;
import dev.conveyor.job.JobDispatcher;
import dev.conveyor.job.JobState;
import dev.conveyor.job.JobView;
import dev.conveyor.job.Jobs;
import dev.conveyor.job.Outcome;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.LinkedHashSet;

/**
 * Where jobs wait for release signals: parking claimed jobs, and releasing them when their
 * signal's count allows, in the transaction of whatever changed the count.
 */
@Stateless
public class WaitingRoom {

    @PersistenceContext
    EntityManager em;

    @Inject
    EndpointService endpoints;

    @Inject
    Jobs jobs;

    @Inject
    JobDispatcher dispatcher;

    @Inject
    JobCompletion completion;

    @Inject
    SignalLocks locks;

    /**
     * What parking came to: jobs ready to start now (they waited already, or their signal was
     * there, on a synchronous endpoint), and jobs failed for a signal id or count that cannot be
     * worked out (their outcome is recorded; the caller writes it).
     */
    public record Parked(List<String> ready, List<String> failed) {
    }

    /**
     * Parks an endpoint's staged jobs: each waits for the signal its releaseSignalId names, and
     * those whose signal already counts enough are released at once.
     */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public Parked park(EndpointConfig endpoint, List<String> jobIds) {
        WaitSpec wait = endpoint.get(WAIT).orElseThrow();
        List<String> ready = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        Set<String> signalIds = new LinkedHashSet<>();
        for (String jobId : jobIds) {
            Job job = jobs.locked(jobId).orElse(null);
            if (job == null || job.getState() != JobState.STAGED) {
                continue;
            }
            if (job.hasWaited()) {
                ready.add(jobId);
                continue;
            }
            Optional<String> refusal = refusal(wait, job.getAttributes());
            if (refusal.isPresent()) {
                completion.record(Outcome.refused(jobId, refusal.get()));
                failed.add(jobId);
                continue;
            }
            String signalId = wait.releaseSignalId().text(job.getAttributes());
            job.park(signalId);
            signalIds.add(signalId);
        }
        // Creating the rows now, before any notify, keeps notifies from racing to create them.
        for (String signalId : signalIds) {
            releaseWaiting(Signal.lockedOrCreated(em, signalId)).stream()
                    .filter(job -> job.getEndpoint().equals(endpoint.name()) && !endpoint.get(ASYNCHRONOUS))
                    .forEach(job -> ready.add(job.getId()));
        }
        return new Parked(ready, failed);
    }

    /** Why a job cannot wait: no signal id, or a target or releasable count that is not a whole number. */
    static Optional<String> refusal(WaitSpec wait, Map<String, String> attributes) {
        String signalId = wait.releaseSignalId().text(attributes);
        if (signalId.isBlank()) {
            return Optional.of(MessageId.SIGNAL_ID_EMPTY.format("'" + wait.releaseSignalId() + "'"));
        }
        if (signalId.length() > Job.MAX_SIGNAL_ID_LENGTH) {
            return Optional.of(MessageId.SIGNAL_ID_TOO_LONG.format(signalId.substring(0, 20), signalId.length(), Job.MAX_SIGNAL_ID_LENGTH));
        }
        try {
            wait.targetSignalCount().number(attributes);
        } catch (InvalidExpressionException e) {
            return Optional.of(MessageId.WAIT_NOT_A_NUMBER.format("targetSignalCount", e.getMessage()));
        }
        try {
            if (wait.releasableCount().number(attributes) < 0) {
                return Optional.of(MessageId.WAIT_NOT_A_NUMBER.format("releasableCount", "it is negative"));
            }
        } catch (InvalidExpressionException e) {
            return Optional.of(MessageId.WAIT_NOT_A_NUMBER.format("releasableCount", e.getMessage()));
        }
        return Optional.empty();
    }

    /**
     * Releases one waiting job at an operator's word, whatever its signal counts: it is staged
     * again (and queued, on an asynchronous endpoint); the signal is left as it is.
     */
    public JobView releaseJob(String jobId) {
        Job job = lockedWaiting(jobId);
        job.release(Map.of());
        EndpointConfig endpoint = endpoints.config(job.getEndpoint()).orElseThrow();
        if (endpoint.get(ASYNCHRONOUS)) {
            dispatcher.queue(List.of(jobId));
        }
        return JobView.of(job);
    }

    /** Ends one waiting job at an operator's word: EXPIRED, its source and expired.log in the endpoint's expired folder. */
    public JobView cancel(String jobId, String caller) {
        Job job = lockedWaiting(jobId);
        EndpointConfig endpoint = endpoints.config(job.getEndpoint()).orElseThrow();
        String expiredFolder = endpoint.get(WAIT).map(WaitSpec::expiredFolder).orElse(WaitSpec.DEFAULT_EXPIRED_FOLDER);
        completion.cancel(job, endpoint, expiredFolder, caller);
        return JobView.of(job);
    }

    private Job lockedWaiting(String jobId) {
        Job job = jobs.locked(jobId).orElseThrow(() -> new ConveyorException(MessageId.JOB_NOT_FOUND, jobId));
        if (job.getState() != JobState.WAITING) {
            throw new ConveyorException(MessageId.JOB_NOT_WAITING, jobId, job.getState());
        }
        return job;
    }

    /** Checks one signal in a transaction of its own (the sweep); returns how many jobs went. */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public int releaseNow(String signalId) {
        locks.holdUntilCompletion(signalId);
        return Signal.locked(em, signalId).map(signal -> releaseWaiting(signal).size()).orElse(0);
    }

    /**
     * Releases, oldest first, the jobs waiting for {@code signal} that its counts let go, and
     * queues those of asynchronous endpoints; the signal is locked by the caller, and removed
     * when the release used it up and no job waits for it any more. Jobs of one
     * endpoint are judged together by the wait settings worked out for the oldest of them.
     */
    @TransactionAttribute(TransactionAttributeType.MANDATORY)
    public List<Job> releaseWaiting(Signal signal) {
        List<Job> waiting = jobs.lockedWaitingFor(signal.getId());
        if (waiting.isEmpty()) {
            return List.of();
        }
        Map<String, List<Job>> byEndpoint = new LinkedHashMap<>();
        waiting.forEach(job -> byEndpoint.computeIfAbsent(job.getEndpoint(), name -> new ArrayList<>()).add(job));
        SignalCounts counts = signal.counts();
        List<Job> released = new ArrayList<>();
        for (var group : byEndpoint.entrySet()) {
            Optional<EndpointConfig> endpoint = endpoints.config(group.getKey());
            Optional<WaitSpec> wait = endpoint.flatMap(WaitSpec::of);
            if (wait.isEmpty() || refusal(wait.get(), group.getValue().get(0).getAttributes()).isPresent()) {
                continue;
            }
            Map<String, String> oldest = group.getValue().get(0).getAttributes();
            SignalCounts.Release release = counts.release(wait.get().signalCounterName(),
                    wait.get().targetSignalCount().number(oldest), wait.get().releasableCount().number(oldest),
                    group.getValue().size());
            counts = release.after();
            List<Job> going = group.getValue().subList(0, release.released());
            going.forEach(job -> job.release(ReleaseAttributes.of(job.getAttributes(), release, wait.get().replaceAttributes())));
            if (!going.isEmpty() && endpoint.get().get(ASYNCHRONOUS)) {
                dispatcher.queue(going.stream().map(Job::getId).toList());
            }
            released.addAll(going);
        }
        if (!released.isEmpty()) {
            signal.update(counts, Instant.now());
            // As the seed's cache does: a signal used up, with nobody left waiting for it, is removed.
            if (released.size() == waiting.size() && counts.isSpent()) {
                em.remove(signal);
            }
        }
        return released;
    }
}
