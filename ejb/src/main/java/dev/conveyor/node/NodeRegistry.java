package dev.conveyor.node;

import dev.conveyor.common.Tunable;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** The nodes' heartbeats in the database, each write its own transaction. */
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
public class NodeRegistry {

    @PersistenceContext
    EntityManager em;

    /** A node's start: its row made, or, for an id it kept from an earlier start, begun again. */
    public void start(String id) {
        Node node = em.find(Node.class, id);
        if (node == null) {
            em.persist(new Node(id, Instant.now()));
        } else {
            node.restart(Instant.now());
        }
    }

    public void beat(String id) {
        Node node = em.find(Node.class, id);
        if (node == null) {
            em.persist(new Node(id, Instant.now()));
        } else {
            node.beat(Instant.now());
        }
    }

    /** A node as the console shows it: when it started, its last heartbeat, and whether that is recent enough. */
    public record NodeView(String id, Instant startedAt, Instant heartbeatAt, boolean alive) {
    }

    /** Every node that ever beat, latest heartbeat first. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<NodeView> all() {
        Instant deadBefore = Instant.now().minus(Tunable.NODE_DEAD_AFTER.value());
        return em.createQuery("SELECT n FROM Node n ORDER BY n.heartbeatAt DESC", Node.class).getResultList().stream()
                .map(n -> new NodeView(n.getId(), n.getStartedAt(), n.getHeartbeatAt(), n.getHeartbeatAt().isAfter(deadBefore)))
                .toList();
    }

    /** The last heartbeat of every node that beat within {@code since}, by node id. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Map<String, Instant> heartbeatsSince(Instant since) {
        return em.createQuery("SELECT n FROM Node n WHERE n.heartbeatAt >= :since", Node.class).setParameter("since", since)
                .getResultStream().collect(Collectors.toMap(Node::getId, Node::getHeartbeatAt));
    }

    /** True when the node beat within {@link Tunable#NODE_DEAD_AFTER}; a node never seen is dead. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public boolean isAlive(String id) {
        Node node = id == null ? null : em.find(Node.class, id);
        return node != null && node.getHeartbeatAt().isAfter(Instant.now().minus(Tunable.NODE_DEAD_AFTER.value()));
    }
}
