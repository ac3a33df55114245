package dev.conveyor.health;

import dev.conveyor.job.JobMessaging;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.QueueBrowser;
import java.sql.Connection;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.sql.DataSource;

/**
 * Probes the database and the broker every {@value #EVERY_SECONDS} s, each on its own timer so
 * that one hanging does not hold the other. A probe that does not answer within
 * {@link #STALE_AFTER} counts as down; readiness thus goes DOWN within about 20 s of either going
 * away, and UP at the first probe that answers again.
 */
@Singleton
@Startup
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class Probes {

    static final int EVERY_SECONDS = 5;
    static final Duration STALE_AFTER = Duration.ofSeconds(15);
    private static final int VALID_WITHIN_SECONDS = 5;

    @Resource(lookup = "java:comp/DefaultDataSource")
    DataSource database;

    @Resource(lookup = JobMessaging.CONNECTION_FACTORY)
    ConnectionFactory broker;

    private final Probe databaseProbe = new Probe(Clock.systemUTC(), STALE_AFTER);
    private final Probe brokerProbe = new Probe(Clock.systemUTC(), STALE_AFTER);
    private final AtomicBoolean probingDatabase = new AtomicBoolean();
    private final AtomicBoolean probingBroker = new AtomicBoolean();

    @Schedule(hour = "*", minute = "*", second = "*/" + EVERY_SECONDS, persistent = false)
    void probeDatabase() {
        probe(probingDatabase, databaseProbe, () -> {
            try (Connection connection = database.getConnection()) {
                if (!connection.isValid(VALID_WITHIN_SECONDS)) {
                    throw new IllegalStateException("the connection did not validate within " + VALID_WITHIN_SECONDS + " s");
                }
            }
        });
    }

    /** A round trip through the resource adapter's pool: a browser on the jobs queue asks the broker for its head. */
    @Schedule(hour = "*", minute = "*", second = "*/" + EVERY_SECONDS, persistent = false)
    void probeBroker() {
        probe(probingBroker, brokerProbe, () -> {
            try (JMSContext jms = broker.createContext(); QueueBrowser browser = jms.createBrowser(jms.createQueue(JobMessaging.JOBS_QUEUE))) {
                browser.getEnumeration().hasMoreElements();
            }
        });
    }

    public Probe database() {
        return databaseProbe;
    }

    public Probe broker() {
        return brokerProbe;
    }

    private interface Check {
        void run() throws Exception;
    }

    /** One probe at a time: one that hangs is left to its timeout while the probe goes stale. Never throws (the timer would be cancelled). */
    private static void probe(AtomicBoolean running, Probe probe, Check check) {
        if (!running.compareAndSet(false, true)) {
            return;
        }
        try {
            check.run();
            probe.succeeded();
        } catch (Exception e) {
            probe.failed(e.toString());
        } finally {
            running.set(false);
        }
    }
}
