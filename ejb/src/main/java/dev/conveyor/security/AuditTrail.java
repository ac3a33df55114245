package dev.conveyor.security;

import static dev.conveyor.common.JsonText.JSON;

import jakarta.ejb.Stateless;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.io.StringReader;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** Every change made through the API, kept in the database and read back newest first. */
@Stateless
public class AuditTrail {

    public static final int MAX_ENTRIES_READ = 1000;

    @PersistenceContext
    EntityManager em;

    /** {@code before} and {@code after} are JSON text, or null where the subject did not exist. */
    public void record(String actor, String action, String before, String after) {
        em.persist(new AuditEntry(UUID.randomUUID().toString(), Instant.now(), actor, action, before, after));
    }

    public List<JsonObject> latest(int limit, String actor) {
        String where = actor == null ? "" : " WHERE a.actor = :actor";
        var query = em.createQuery("SELECT a FROM AuditEntry a" + where + " ORDER BY a.at DESC, a.id", AuditEntry.class)
                .setMaxResults(Math.max(1, Math.min(limit, MAX_ENTRIES_READ)));
        if (actor != null) {
            query.setParameter("actor", actor);
        }
        return query.getResultList().stream().map(AuditTrail::toJson).toList();
    }

    private static JsonObject toJson(AuditEntry entry) {
        JsonObjectBuilder json = JSON.createObjectBuilder().add("id", entry.getId()).add("at", entry.getAt().toString())
                .add("actor", entry.getActor()).add("action", entry.getAction());
        state(json, "before", entry.getBeforeState());
        state(json, "after", entry.getAfterState());
        return json.build();
    }

    private static void state(JsonObjectBuilder json, String key, String text) {
        if (text == null) {
            json.addNull(key);
            return;
        }
        try (var reader = JSON.createReader(new StringReader(text))) {
            json.add(key, reader.readValue());
        }
    }
}
