package dev.conveyor.node;

import dev.conveyor.common.ConveyorHome;
import dev.conveyor.common.MessageId;
import dev.conveyor.schema.SchemaMigrations;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiPredicate;
import java.util.function.Predicate;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * This instance's identity, kept across its restarts in its own data folder ({@link NodeIdentity}),
 * its heartbeat in the database, and the jobs its workers are running right now. Jobs record the
 * node that runs them; recovery takes over the jobs of nodes whose heartbeat stopped, and this
 * node's own RUNNING jobs that no worker runs: at once those of its previous start, which no
 * worker can be running any more.
 */
@Singleton
@Startup
@DependsOn(SchemaMigrations.NAME)
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class ThisNode {

    private static final Logger LOG = Logger.getLogger(ThisNode.class.getName());

    private volatile NodeIdentity identity;
    private volatile String id;
    /** When this start of the node began: a job it left RUNNING or WRITING before then is its previous start's. */
    private volatile Instant startedAt;
    /** The jobs this node's workers run, with when each began. */
    private final Map<String, Instant> working = new ConcurrentHashMap<>();
    private volatile Instant lastBeat = Instant.now();

    @Inject
    NodeRegistry registry;

    @PostConstruct
    void register() {
        startedAt = Instant.now();
        identity = ConveyorHome.nodeDirectory().map(folder -> NodeIdentity.take(folder, hostName()))
                .orElseGet(() -> NodeIdentity.unkept("no data folder of its own (com.sun.aas.instanceRoot is not set)"));
        id = identity.id();
        if (identity.origin() == NodeIdentity.Origin.NOT_KEPT) {
            LOG.warning(MessageId.NODE_ID_NOT_KEPT.format(id, identity.why()));
        } else {
            LOG.info(MessageId.NODE_STARTED.format(id, identity.why()));
        }
        registry.start(id);
    }

    /** Lets go of the id file, so that the next start (a redeploy in this process among them) takes the same id. */
    @PreDestroy
    void release() {
        identity.close();
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return Optional.ofNullable(System.getenv("HOSTNAME")).orElse("localhost");
        }
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

    /** When this start of the node began: what it finds recorded under its id from before then, its previous start left. */
    public Instant startedAt() {
        return startedAt;
    }

    /** When the heartbeat timer last fired (whether or not its write succeeded): liveness watches it. */
    public Instant lastBeat() {
        return lastBeat;
    }

    /** A worker of this node begins running these jobs' operations (a chunk's, one after the other). */
    public void beginWork(Collection<String> jobIds) {
        Instant now = Instant.now();
        jobIds.forEach(jobId -> working.put(jobId, now));
    }

    /** When each job this node runs now began. */
    public Collection<Instant> runningSince() {
        return List.copyOf(working.values());
    }

    public void endWork(Collection<String> jobIds) {
        jobIds.forEach(working::remove);
    }

    /**
     * True when the job, RUNNING on {@code nodeId}, is really being run: by a worker of this node
     * right now, or on another node that is alive (that node's own recovery pass watches it).
     */
    public boolean isRunning(String nodeId, String jobId) {
        return isRunning(nodeId, jobId, this::isAlive);
    }

    /** {@link #isRunning} for one recovery pass over many jobs: each other node's heartbeat is read once. */
    public BiPredicate<String, String> runningCheckForOnePass() {
        Map<String, Boolean> alive = new HashMap<>();
        return (nodeId, jobId) -> isRunning(nodeId, jobId, other -> alive.computeIfAbsent(other, this::isAlive));
    }

    private boolean isRunning(String nodeId, String jobId, Predicate<String> alive) {
        return id.equals(nodeId) ? working.containsKey(jobId) : alive.test(nodeId);
    }

    /** True when the node beat recently; a node never seen is dead. */
    public boolean isAlive(String nodeId) {
        return id.equals(nodeId) || registry.isAlive(nodeId);
    }
}
