package dev.conveyor.node;

import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Duration;
import java.time.Instant;

/**
 * One attempt at a lease, in a transaction of its own: two nodes creating or taking it at once
 * both try, and the commit of one fails (key or version), which {@link Leases} reads as "not held".
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
public class LeaseRows {

    @PersistenceContext
    EntityManager em;

    public boolean take(String name, String node, Duration duration) {
        Instant now = Instant.now();
        Lease lease = em.find(Lease.class, name);
        if (lease == null) {
            em.persist(new Lease(name, node, now.plus(duration)));
            em.flush();
            return true;
        }
        boolean taken = lease.take(node, now, now.plus(duration));
        em.flush();
        return taken;
    }
}
