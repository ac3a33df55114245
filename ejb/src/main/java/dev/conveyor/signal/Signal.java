package dev.conveyor.signal;

import static dev.conveyor.common.JsonText.JSON;

import dev.conveyor.common.JsonText;
import dev.conveyor.job.Job;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Id;
import jakarta.persistence.LockModeType;
import jakarta.persistence.Lob;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** One release signal in the store: its counters, carried attributes and releasable credit. */
@Entity
@Table(name = "CNV_SIGNAL")
public class Signal {

    @Id
    @Column(length = Job.MAX_SIGNAL_ID_LENGTH)
    private String id;

    @Lob
    @Column(name = "COUNTERS")
    private String countersJson = "{}";

    @Lob
    @Column(name = "ATTRIBUTES")
    private String attributesJson = "{}";

    private long releasable;

    @Column(nullable = false)
    private Instant updatedAt;

    /**
     * Guards each notify's read-modify-write even where the row lock does not: H2 hands a
     * SELECT ... FOR UPDATE that waited the row as it was before the wait. A stale update fails
     * and is retried; PostgreSQL re-reads after the wait and never gets there.
     */
    @Version
    private long version;

    protected Signal() {
    }

    Signal(String id, Instant at) {
        this.id = id;
        this.updatedAt = at;
    }

    /**
     * The signal's row, locked; created when missing. Two transactions creating one id at once
     * both insert: the second waits for the first and then fails on the key, rolling back; its
     * caller retries (the admin API at once, a delivery by redelivery) and finds the row.
     */
    static Signal lockedOrCreated(EntityManager em, String signalId) {
        return locked(em, signalId).orElseGet(() -> {
            Signal created = new Signal(signalId, Instant.now());
            em.persist(created);
            em.flush();
            return created;
        });
    }

    /** Read by query, not find: the row may have been created since this transaction last looked. */
    static Optional<Signal> locked(EntityManager em, String signalId) {
        return em.createQuery("SELECT s FROM Signal s WHERE s.id = :id", Signal.class).setParameter("id", signalId)
                .setLockMode(LockModeType.PESSIMISTIC_WRITE).getResultStream().findFirst();
    }

    public String getId() {
        return id;
    }

    public Instant getUpdatedAt() {
        return updatedAt;
    }

    public SignalCounts counts() {
        Map<String, Long> counters = new LinkedHashMap<>();
        read(countersJson).forEach((name, value) -> counters.put(name, ((JsonNumber) value).longValue()));
        Map<String, String> attributes = new LinkedHashMap<>();
        read(attributesJson).forEach((name, value) -> attributes.put(name, ((JsonString) value).getString()));
        return new SignalCounts(counters, attributes, releasable);
    }

    void update(SignalCounts counts, Instant at) {
        JsonObjectBuilder counters = JSON.createObjectBuilder();
        counts.counters().entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(counter -> counters.add(counter.getKey(), counter.getValue()));
        JsonObjectBuilder attributes = JSON.createObjectBuilder();
        counts.attributes().forEach(attributes::add);
        this.countersJson = counters.build().toString();
        this.attributesJson = attributes.build().toString();
        this.releasable = counts.releasable();
        this.updatedAt = at;
    }

    private static JsonObject read(String json) {
        return JsonText.object(json);
    }
}
