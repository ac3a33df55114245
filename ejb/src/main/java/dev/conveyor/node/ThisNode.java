package dev.conveyor.node;

import dev.conveyor.common.MessageId;
import dev.conveyor.schema.SchemaMigrations;
import jakarta.annotation.PostConstruct;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * This instance's identity, new at every start, its heartbeat in the database, and the jobs its
 * workers are running right now. Jobs record the node that runs them; recovery takes over the
 * jobs of nodes whose heartbeat stopped, and this node's own RUNNING jobs that no worker runs.
 */
@Singleton
@Startup
@DependsOn(SchemaMigrations.NAME)
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class ThisNode {

    private static final Logger LOG = Logger.getLogger(ThisNode.class.getName());

    private final String id = UUID.randomUUID().toString();
    /** The jobs this node's workers run, with when each began. */
    private final Map<String, Instant> working = new ConcurrentHashMap<>();
    private volatile Instant lastBeat = Instant.now();

    @Inject
    NodeRegistry registry;

    @PostConstruct
    void register() {
        registry.beat(id);
    }

    /** Never lets an exception out: the container would cancel the timer, and the node would look dead for good. */
    @Schedule(hour = "*", minute = "*", second = "*/10", persistent = false)
    void beat() {
        lastBeat = Instant.now();
        try {
            registry.beat(id);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, MessageId.HEARTBEAT_FAILED.format(e));
        }
    }

    public String id() {
        return id;
    }

    /** When the heartbeat timer last fired (whether or not its write succeeded): liveness watches it. */
    public Instant lastBeat() {
        return lastBeat;
    }

    /** A worker of this node begins running the job's operation. */
    public void beginWork(String jobId) {
        working.put(jobId, Instant.now());
    }

    /** When each job this node runs now began. */
    public Collection<Instant> runningSince() {
        return List.copyOf(working.values());
    }

    public void endWork(String jobId) {
        working.remove(jobId);
    }

    /**
     * True when the job, RUNNING on {@code nodeId}, is really being run: by a worker of this node
     * right now, or on another node that is alive (that node's own recovery pass watches it).
     */
    public boolean isRunning(String nodeId, String jobId) {
        return id.equals(nodeId) ? working.containsKey(jobId) : isAlive(nodeId);
    }

    /** True when the node beat recently; a node never seen is dead. */
    public boolean isAlive(String nodeId) {
        return id.equals(nodeId) || registry.isAlive(nodeId);
    }
}
