package dev.conveyor.node;

import jakarta.annotation.PostConstruct;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

/**
 * This instance's identity, new at every start, and its heartbeat in the database. Jobs record
 * the node that runs them; recovery takes over the jobs of nodes whose heartbeat stopped.
 */
@Singleton
@Startup
public class ThisNode {

    /** A node that has not beaten for this long is dead; three beats' worth of margin. */
    public static final Duration DEAD_AFTER = Duration.ofSeconds(30);

    private final String id = UUID.randomUUID().toString();

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

    /** True when the node beat recently; a node never seen is dead. */
    public boolean isAlive(String nodeId) {
        if (id.equals(nodeId)) {
            return true;
        }
        Node node = nodeId == null ? null : em.find(Node.class, nodeId);
        return node != null && node.getHeartbeatAt().isAfter(Instant.now().minus(DEAD_AFTER));
    }
}
