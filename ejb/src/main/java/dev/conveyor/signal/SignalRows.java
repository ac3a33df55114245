package dev.conveyor.signal;

import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Instant;

/**
 * Creates signal rows in transactions of their own, so two nodes that notify a new id at once
 * both go on: one insert wins, the other fails harmlessly, and both then lock the one row.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
public class SignalRows {

    @PersistenceContext
    EntityManager em;

    public void create(String signalId) {
        em.persist(new Signal(signalId, Instant.now()));
    }
}
