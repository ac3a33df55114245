package dev.conveyor.signal;

import dev.conveyor.job.JobState;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Instant;
import java.util.List;

/** The purge's side of the signal store: signals nobody uses any more are deleted. */
@Stateless
public class SignalRetention {

    @PersistenceContext
    EntityManager em;

    /**
     * Deletes up to {@code limit} signals not notified since {@code updatedBefore} and waited for by
     * no job: their counts and carried attributes are forgotten, and a later notify starts afresh.
     * Returns how many.
     */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public int deleteUnused(Instant updatedBefore, int limit) {
        List<String> ids = em.createQuery("SELECT s.id FROM Signal s WHERE s.updatedAt < :before AND NOT EXISTS"
                        + " (SELECT j.id FROM Job j WHERE j.state = :waiting AND j.waitSignal = s.id) ORDER BY s.updatedAt, s.id", String.class)
                .setParameter("before", updatedBefore).setParameter("waiting", JobState.WAITING)
                .setMaxResults(limit).getResultList();
        if (ids.isEmpty()) {
            return 0;
        }
        return em.createQuery("DELETE FROM Signal s WHERE s.id IN :ids").setParameter("ids", ids).executeUpdate();
    }
}
