package dev.conveyor.node;

import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Duration;
import java.time.Instant;

/**
 * Leases in the database: how the nodes of a cluster agree that one of them scans an endpoint
 * or runs the daily purge. Each attempt is its own short transaction.
 */
@Stateless
public class Leases {

    @PersistenceContext
    EntityManager em;

    @Inject
    LeaseRows rows;

    /**
     * Takes or renews {@code name} for this node for {@code duration}; false when another live
     * holder has it, or another node won a race for it (a database error counts as not held).
     */
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public boolean hold(String name, String node, Duration duration) {
        try {
            return rows.take(name, node, duration);
        } catch (RuntimeException lostRaceOrDatabaseDown) {
            return false;
        }
    }

    /** Gives the lease up, so another node need not wait for it to expire (a clean shutdown). */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public void release(String name, String node) {
        Lease lease = em.find(Lease.class, name);
        if (lease != null && lease.getHolder().equals(node)) {
            em.remove(lease);
        }
    }
}
