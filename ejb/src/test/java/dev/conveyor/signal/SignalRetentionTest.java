package dev.conveyor.signal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.conveyor.job.Job;
import dev.conveyor.testing.InProcessJpa;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** SignalService's deletion of unused signals on EclipseLink and H2 made by the migrations, outside the container. */
class SignalRetentionTest {

    private static final Instant NOW = Instant.parse("2026-12-01T03:15:00Z");
    private static final Instant CUT = NOW.minus(Duration.ofDays(30));

    private final InProcessJpa jpa = new InProcessJpa();

    @AfterEach
    void close() throws Exception {
        jpa.close();
    }

    private void signal(String id, Instant lastNotified) {
        jpa.runInTransaction(em -> em.persist(new Signal(id, lastNotified)));
    }

    private int deleteUnused(int limit) {
        return jpa.inTransaction(em -> {
            SignalService signals = new SignalService();
            signals.em = em;
            return signals.deleteUnused(CUT, limit);
        });
    }

    @Test
    void signalsUnusedSinceTheCutGoUnlessAJobStillWaitsForThem() {
        signal("old", NOW.minus(Duration.ofDays(45)));
        signal("old-but-awaited", NOW.minus(Duration.ofDays(45)));
        signal("old-once-awaited", NOW.minus(Duration.ofDays(45)));
        signal("recent", NOW.minus(Duration.ofDays(1)));
        jpa.runInTransaction(em -> {
            Job waiting = new Job("waiting", "docs", "/in/a.pdf", "SuperAdmin", "DefaultDom", NOW.minus(Duration.ofDays(50)));
            waiting.park("old-but-awaited");
            em.persist(waiting);
            Job released = new Job("released", "docs", "/in/b.pdf", "SuperAdmin", "DefaultDom", NOW.minus(Duration.ofDays(50)));
            released.park("old-once-awaited");
            released.release(Map.of());
            em.persist(released);
        });

        assertEquals(2, deleteUnused(500));

        assertEquals(List.of("old-but-awaited", "recent"),
                jpa.inTransaction(em -> em.createQuery("SELECT s.id FROM Signal s ORDER BY s.id", String.class).getResultList()));
        assertEquals(0, deleteUnused(500));
    }
}
