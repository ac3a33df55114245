package dev.conveyor.node;

import jakarta.annotation.PostConstruct;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * This instance's identity, new at every start, its heartbeat in the database, and the jobs its
 * workers are running right now. Jobs record the node that runs them; recovery takes over the
 * jobs of nodes whose heartbeat stopped, and this node's own RUNNING jobs that no worker runs.
 */
@Singleton
@Startup
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class ThisNode {

    /** A node that has not beaten for this long is dead; three beats' worth of margin. */
    public static final Duration DEAD_AFTER = Duration.ofSeconds(30);

    private final String id = UUID.randomUUID().toString();
    private final Set<String> working = ConcurrentHashMap.newKeySet();

    @PersistenceContext
    EntityManager em;

    @PostConstruct
    void register() {
        em.persist(new Node(id, Instant.now()));
    }

    @Schedule(hour = "*", minute = "*", second = "*/10", persistent = false)
    void beat() {
        Node node = em.find(Node.class, id);
        if (node == null) {
            em.persist(new Node(id, Instant.now()));
        } else {
            node.beat(Instant.now());
        }
    }

    public String id() {
        return id;
    }

    /** A worker of this node begins running the job's operation. */
    public void beginWork(String jobId) {
        working.add(jobId);
    }

    public void endWork(String jobId) {
        working.remove(jobId);
    }

    /**
     * True when the job, RUNNING on {@code nodeId}, is really being run: by a worker of this node
     * right now, or on another node that is alive (that node's own recovery pass watches it).
     */
    public boolean isRunning(String nodeId, String jobId) {
        return id.equals(nodeId) ? working.contains(jobId) : isAlive(nodeId);
    }

    /** True when the node beat recently; a node never seen is dead. */
    public boolean isAlive(String nodeId) {
        if (id.equals(nodeId)) {
            return true;
        }
        Node node = nodeId == null ? null : em.find(Node.class, nodeId);
        return node != null && node.getHeartbeatAt().isAfter(Instant.now().minus(DEAD_AFTER));
    }
}
