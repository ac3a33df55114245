package dev.conveyor.scan;

import dev.conveyor.common.MessageId;
import dev.conveyor.endpoint.Endpoint;
import dev.conveyor.endpoint.EndpointChanged;
import dev.conveyor.endpoint.EndpointState;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.Timeout;
import jakarta.ejb.Timer;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One programmatic, non-persistent interval timer per enabled endpoint. Timers follow the
 * database: they are rebuilt from it at start-up and whenever an endpoint change commits.
 * A scan still running when its next interval comes is not started twice.
 */
@Singleton
@Startup
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class ScanScheduler {

    private static final Logger LOG = Logger.getLogger(ScanScheduler.class.getName());
    private static final long FIRST_SCAN_DELAY_MS = 500;

    @Resource
    TimerService timers;

    @PersistenceContext
    EntityManager em;

    @Inject
    EndpointScanner scanner;

    private final Set<String> scanning = ConcurrentHashMap.newKeySet();

    @PostConstruct
    void scheduleAll() {
        em.createNamedQuery("Endpoint.enabled", Endpoint.class).getResultList().forEach(this::schedule);
    }

    public void endpointChanged(@Observes(during = TransactionPhase.AFTER_SUCCESS) EndpointChanged change) {
        cancel(change.name());
        Endpoint endpoint = em.find(Endpoint.class, change.name());
        if (endpoint != null && endpoint.getState() == EndpointState.ENABLED) {
            schedule(endpoint);
        }
    }

    @Timeout
    void scan(Timer timer) {
        String endpoint = (String) timer.getInfo();
        if (!scanning.add(endpoint)) {
            return;
        }
        try {
            scanner.scan(endpoint);
        } catch (Exception e) {
            LOG.log(Level.WARNING, MessageId.SCAN_FAILED.format(endpoint, e), e);
        } finally {
            scanning.remove(endpoint);
        }
    }

    private void schedule(Endpoint endpoint) {
        timers.createIntervalTimer(FIRST_SCAN_DELAY_MS, endpoint.getRepeatInterval() * 1000L,
                new TimerConfig(endpoint.getName(), false));
    }

    private void cancel(String endpoint) {
        for (Timer timer : timers.getTimers()) {
            if (endpoint.equals(timer.getInfo())) {
                timer.cancel();
            }
        }
    }
}
