package dev.conveyor.flow;

import dev.conveyor.job.InputQueue;
import dev.conveyor.endpoint.EndpointResumed;
import static dev.conveyor.common.JsonText.JSON;

import static dev.conveyor.endpoint.EndpointSettings.MAX_QUEUE_SIZE;
import static dev.conveyor.endpoint.EndpointSettings.MINIMUM_FREE_SPACE;
import static dev.conveyor.endpoint.EndpointSettings.RESULT_FOLDER;
import static dev.conveyor.endpoint.EndpointSettings.SLEEP_ON_OVER_STORE;
import static dev.conveyor.endpoint.EndpointSettings.SLEEP_ON_OVER_STORE_RETRY_COUNT;

import dev.conveyor.common.AfterCompletion;
import dev.conveyor.common.MessageId;
import dev.conveyor.common.TransactionResources;
import dev.conveyor.endpoint.EndpointConfig;
import dev.conveyor.endpoint.FileSelection;
import dev.conveyor.files.Confinement;
import dev.conveyor.files.UnsafeFolderException;
import dev.conveyor.endpoint.EndpointService;
import dev.conveyor.endpoint.EndpointState;
import dev.conveyor.endpoint.FolderWatchers;
import dev.conveyor.endpoint.FolderTemplate;
import dev.conveyor.job.Jobs;
import dev.conveyor.job.ResultRoom;
import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.ejb.Local;
import jakarta.ejb.LocalBean;
import jakarta.ejb.Stateless;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.Random;
import java.util.concurrent.Semaphore;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;
import java.util.logging.Logger;
import java.util.stream.Stream;

/**
 * The container side of flow control: input queues as the API shows them, output overflow
 * (sleep, retry, block) before results are written, and resuming a blocked endpoint.
 */
@Stateless
@LocalBean
@Local(ResultRoom.class)
public class FlowControl implements ResultRoom {

    /** The downstream gates the current transaction holds, in its resources. */
    private static final Object HELD_GATES = FlowControl.class.getName() + ".heldGates";
    /** The downstream queues it counted while it holds their gates, by endpoint name ({@link DownstreamQueue}). */
    private static final Object DOWNSTREAM_QUEUES = FlowControl.class.getName() + ".downstreamQueues";

    private static final Logger LOG = Logger.getLogger(FlowControl.class.getName());
    private static final long MIB = 1024L * 1024L;
    /** Marks a block for want of space in its reason: such a block lifts by itself once space returns. */
    static final String SPACE_SHORTAGE = "minimumFreeSpace is ";

    // @EJB, not @Inject: asked for every job's result folder, and Weld's proxy of a no-interface bean costs Payara
    // a thrown and caught exception on each call (its check whether the bean was removed).
    @EJB
    EndpointService endpoints;

    @Inject
    Jobs jobs;

    @Inject
    Event<EndpointResumed> resumes;

    @Inject
    QueueMonitor monitor;

    @Inject
    DownstreamGates gates;

    @Resource
    TransactionSynchronizationRegistry transactions;

    /** The endpoint's input queue now, looked at by the threshold watch. */
    public InputQueue queue(EndpointConfig endpoint) {
        InputQueue queue = InputQueue.of(endpoint, jobs.notYetRunning(endpoint.name()));
        monitor.observe(endpoint, queue);
        return queue;
    }

    /** GET /api/endpoints/{name}/queue. */
    public JsonObject queueView(String name) {
        endpoints.require(name);
        EndpointConfig endpoint = endpoints.config(name).orElseThrow();
        InputQueue queue = queue(endpoint);
        return JSON.createObjectBuilder()
                .add("maxQueueSize", queue.maxQueueSize())
                .add("queuedJobs", queue.queuedJobs())
                .add("freeQueueSize", queue.freeQueueSize())
                .add("freeQueueSizeThreshold", queue.freeQueueSizeThreshold())
                .add("state", endpoint.state().name())
                .build();
    }

    /**
     * Waits, as sleepOnOverStore and sleepOnOverStoreRetryCount say, until {@code resultBytes} (read
     * only when minimumFreeSpace is set: it walks the results) of
     * results bound for {@code resultFolder} can be stored. True when they can; false when the
     * endpoint is blocked (now, or already): the job then stays WRITING with its results in stage
     * until resumed.
     */
    @Override
    public boolean awaitResultRoom(EndpointConfig endpoint, Path resultFolder, LongSupplier resultBytes, IntSupplier resultUnits) {
        if (endpoint.state() == EndpointState.BLOCKED) {
            return false;
        }
        long sleep = endpoint.get(SLEEP_ON_OVER_STORE);
        int retries = endpoint.get(SLEEP_ON_OVER_STORE_RETRY_COUNT);
        Path target = resultFolder.toAbsolutePath().normalize();
        Optional<EndpointConfig> downstream = downstreamOf(endpoint, target);
        Optional<Semaphore> gate = downstream.map(other -> gates.of(other.name()));
        Optional<Overflow> overflow = new OverStoreRetry(sleep, retries, Thread::sleep).awaitRoom(
                () -> overflowHoldingGate(endpoint, target, resultBytes, resultUnits, downstream, gate),
                (seen, retry) -> LOG.warning(MessageId.OVER_STORE_SLEEP.format(endpoint.name(), seen.target(), seen.reason(),
                        sleep, retry, retries)));
        if (overflow.isEmpty()) {
            gate.ifPresent(this::releaseAfterCompletion);
            return true;
        }
        String reason = "results cannot be stored in " + overflow.get().target() + ": " + overflow.get().reason()
                + " (after " + retries + " retries " + sleep + " ms apart)";
        if (endpoints.block(endpoint.name(), reason)) {
            LOG.warning(MessageId.ENDPOINT_BLOCKED.format(endpoint.name(), reason));
        }
        return false;
    }

    /**
     * One look, no sleep and no block: true when the results can be stored now (a downstream
     * gate is then held until the write's transaction ends), false when they cannot or the
     * endpoint is blocked. A worker writing the results of the jobs it ran asks this: without
     * room it hands them to the result writers, which wait as {@link #awaitResultRoom} says,
     * instead of sleeping on a worker that other endpoints' jobs (the downstream one's, say) need.
     */
    @Override
    public boolean hasResultRoom(EndpointConfig endpoint, Path resultFolder, LongSupplier resultBytes, IntSupplier resultUnits) {
        if (endpoint.state() == EndpointState.BLOCKED) {
            return false;
        }
        Path target = resultFolder.toAbsolutePath().normalize();
        Optional<EndpointConfig> downstream = downstreamOf(endpoint, target);
        Optional<Semaphore> gate = downstream.map(other -> gates.of(other.name()));
        if (overflowHoldingGate(endpoint, target, resultBytes, resultUnits, downstream, gate).isPresent()) {
            return false;
        }
        gate.ifPresent(this::releaseAfterCompletion);
        return true;
    }

    /**
     * The other endpoint watching the result folder, if any: its queue bounds what may be written
     * there. Asked once per folder and transaction ({@link FolderWatchers}), not for each job of a chunk.
     */
    private Optional<EndpointConfig> downstreamOf(EndpointConfig endpoint, Path target) {
        return FolderWatchers.watching(transactions, endpoints, target).filter(other -> !other.name().equals(endpoint.name()));
    }

    /**
     * One look: with room, the downstream gate stays held until the write completes; without, it
     * is let go for the sleep. A transaction that holds the gate already (an earlier job of the
     * same chunk wrote there) keeps it: taking it again would wait for itself.
     */
    private Optional<Overflow> overflowHoldingGate(EndpointConfig endpoint, Path target, LongSupplier resultBytes,
            IntSupplier resultUnits, Optional<EndpointConfig> downstream, Optional<Semaphore> gate) {
        boolean taken = gate.filter(g -> !heldByThisTransaction(g)).map(g -> {
            g.acquireUninterruptibly();
            return true;
        }).orElse(false);
        Optional<DownstreamQueue> queue = downstream.map(this::downstreamQueue);
        Optional<Overflow> overflow = overflowOf(endpoint, target, resultBytes, resultUnits, downstream, queue);
        if (overflow.isPresent() && taken) {
            gate.get().release();
            // Let go of the gate, the count is no longer this transaction's to keep up to date.
            downstreamQueues().remove(downstream.get().name());
        }
        return overflow;
    }

    /**
     * The downstream endpoint's queue as this transaction keeps it while it holds the gate (the
     * entry goes when the gate is let go, or with the transaction): a new one, counted at its first
     * job, when the gate was taken just now.
     */
    private DownstreamQueue downstreamQueue(EndpointConfig downstream) {
        return downstreamQueues().computeIfAbsent(downstream.name(), name -> new DownstreamQueue(downstream.get(MAX_QUEUE_SIZE)));
    }

    private Map<String, DownstreamQueue> downstreamQueues() {
        return TransactionResources.kept(transactions, DOWNSTREAM_QUEUES, HashMap::new);
    }

    private boolean heldByThisTransaction(Semaphore gate) {
        return heldGates().contains(gate);
    }

    private Set<Semaphore> heldGates() {
        return TransactionResources.kept(transactions, HELD_GATES, HashSet::new);
    }

    /** Held until the transaction that writes the results ends, whichever way. */
    private void releaseAfterCompletion(Semaphore gate) {
        if (heldGates().add(gate)) {
            transactions.registerInterposedSynchronization((AfterCompletion) status -> gate.release());
        }
    }

    /**
     * Why results cannot go to {@code target} now: it is the watched folder of a downstream
     * endpoint whose queue, counting the entries already waiting in that folder, is full; or its
     * volume would keep less than minimumFreeSpace free once the results are written.
     */
    private Optional<Overflow> overflowOf(EndpointConfig endpoint, Path target, LongSupplier results, IntSupplier resultUnits,
                                          Optional<EndpointConfig> downstream, Optional<DownstreamQueue> queue) {
        if (downstream.isPresent()) {
            EndpointConfig next = downstream.get();
            if (!queue.get().admit(resultUnits, () -> jobs.notYetRunning(next.name()) + waitingEntries(next))) {
                return Optional.of(new Overflow("endpoint '" + next.name() + "'", "its queue is full: " + queue.get().pending()
                        + " jobs and waiting files, maxQueueSize " + next.get(MAX_QUEUE_SIZE)));
            }
        }
        long minimum = endpoint.get(MINIMUM_FREE_SPACE) * MIB;
        if (minimum > 0) {
            long usable = usableSpace(target);
            long resultBytes = results.getAsLong();
            if (usable - resultBytes < minimum) {
                return Optional.of(new Overflow(target.toString(), (usable / MIB) + " MiB free on its volume, "
                        + (resultBytes + MIB - 1) / MIB + " MiB of results to write, " + SPACE_SHORTAGE
                        + endpoint.get(MINIMUM_FREE_SPACE) + " MiB"));
            }
        }
        return Optional.empty();
    }

    /**
     * Lifts a block (or a pause). Once that commits, the jobs whose results waited are written
     * where they stopped ({@link EndpointResumed}); STAGED jobs go at the next scan.
     */
    public JsonObject resume(String name) {
        JsonObject resumed = endpoints.setState(name, EndpointState.ENABLED);
        resumes.fire(new EndpointResumed(name));
        return resumed;
    }

    /**
     * Resumes the endpoints blocked for want of space on their result volume once it has room
     * again (a MiB above minimumFreeSpace); a block for a full downstream endpoint waits for an
     * administrator. Returns the names resumed.
     */
    public List<String> resumeWhereSpaceReturned() {
        List<String> resumed = new ArrayList<>();
        for (EndpointConfig endpoint : endpoints.configs()) {
            String reason = endpoint.state() == EndpointState.BLOCKED ? endpoints.require(endpoint.name()).getBlockedReason() : null;
            if (reason == null || !reason.contains(SPACE_SHORTAGE)) {
                continue;
            }
            Path results = endpoint.folder().resolve(FolderTemplate.of(endpoint.get(RESULT_FOLDER)).expand(
                    new FolderTemplate.Values(ZonedDateTime.now(), "job", endpoint.name(), "source", new Random())));
            long usable = usableSpace(results);
            if (usable >= endpoint.get(MINIMUM_FREE_SPACE) * MIB + MIB) {
                LOG.info(MessageId.SPACE_RETURNED.format(endpoint.name(), usable / MIB));
                resume(endpoint.name());
                resumed.add(endpoint.name());
            }
        }
        return resumed;
    }

    /** Entries waiting in the watched folder; none are counted through a link where the folder should be. */
    private static int waitingEntries(EndpointConfig endpoint) {
        FileSelection selection = FileSelection.of(endpoint);
        try {
            Confinement.ofAllowedRoots().check(endpoint.folder());
        } catch (UnsafeFolderException e) {
            return 0;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try (Stream<Path> entries = Files.list(endpoint.folder())) {
            return (int) entries.filter(entry -> selection.test(entry.getFileName().toString())).count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long usableSpace(Path folder) {
        Path existing = folder;
        while (existing != null && Files.notExists(existing)) {
            existing = existing.getParent();
        }
        try {
            return existing == null ? Long.MAX_VALUE : Files.getFileStore(existing).getUsableSpace();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
