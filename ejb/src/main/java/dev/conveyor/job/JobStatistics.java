package dev.conveyor.job;

import jakarta.ejb.Stateless;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.EnumMap;
import java.util.Map;
import java.util.TreeMap;

/** Counts of jobs, for reports and the admin API. */
@Stateless
public class JobStatistics {

    @PersistenceContext
    EntityManager em;

    /** Per endpoint (sorted by name), the number of jobs in each state that has any. */
    public Map<String, Map<JobState, Long>> countsByEndpoint() {
        Map<String, Map<JobState, Long>> counts = new TreeMap<>();
        for (Object[] row : em.createQuery(
                "SELECT j.endpoint, j.state, COUNT(j) FROM Job j GROUP BY j.endpoint, j.state", Object[].class).getResultList()) {
            counts.computeIfAbsent((String) row[0], endpoint -> new EnumMap<>(JobState.class))
                    .put((JobState) row[1], (Long) row[2]);
        }
        return counts;
    }

    /** Per release signal that jobs wait for, how many wait. */
    public Map<String, Long> waitingBySignal() {
        Map<String, Long> waiting = new TreeMap<>();
        for (Object[] row : em.createQuery("SELECT j.waitSignal, COUNT(j) FROM Job j WHERE j.state = :waiting GROUP BY j.waitSignal",
                Object[].class).setParameter("waiting", JobState.WAITING).getResultList()) {
            waiting.put((String) row[0], (Long) row[1]);
        }
        return waiting;
    }
}
