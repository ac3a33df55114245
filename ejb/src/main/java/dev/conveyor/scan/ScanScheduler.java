package dev.conveyor.scan;

import static dev.conveyor.endpoint.EndpointSettings.CRON_EXPRESSION;
import static dev.conveyor.endpoint.EndpointSettings.REPEAT_COUNT;
import static dev.conveyor.endpoint.EndpointSettings.REPEAT_INTERVAL;

import dev.conveyor.common.MessageId;
import dev.conveyor.endpoint.CronSchedule;
import dev.conveyor.endpoint.Endpoint;
import dev.conveyor.endpoint.EndpointChanged;
import dev.conveyor.endpoint.EndpointConfig;
import dev.conveyor.endpoint.EndpointService;
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
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.ZonedDateTime;
import java.util.Date;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One programmatic, non-persistent timer per enabled endpoint: an interval timer, or, for a cron
 * expression, a single-action timer re-armed for the next firing after each scan. Timers follow
 * the database: they are rebuilt from it at start-up and whenever an endpoint change commits, and
 * an endpoint whose repeatCount is used up is not scheduled again. A scan still running when its
 * next firing comes is not started twice.
 */
@Singleton
@Startup
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
// No transaction around a scan: its claims and dispatches have their own, and a synchronous
// endpoint's operation may run longer than any transaction timeout.
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class ScanScheduler {

    private static final Logger LOG = Logger.getLogger(ScanScheduler.class.getName());
    private static final long FIRST_SCAN_DELAY_MS = 500;

    @Resource
    TimerService timers;

    @PersistenceContext
    EntityManager em;

    @Inject
    EndpointService endpoints;

    @Inject
    EndpointScanner scanner;

    private final Set<String> scanning = ConcurrentHashMap.newKeySet();
    private final Map<String, StabilityCheck> stability = new ConcurrentHashMap<>();

    @PostConstruct
    void scheduleAll() {
        em.createNamedQuery("Endpoint.enabled", Endpoint.class).getResultList()
                .forEach(endpoint -> endpoints.config(endpoint.getName()).ifPresent(config -> schedule(config, endpoint.getScans())));
    }

    public void endpointChanged(@Observes(during = TransactionPhase.AFTER_SUCCESS) EndpointChanged change) {
        cancel(change.name());
        stability.remove(change.name());
        Endpoint endpoint = em.find(Endpoint.class, change.name());
        if (endpoint != null) {
            endpoints.config(change.name()).ifPresent(config -> schedule(config, endpoint.getScans()));
        }
    }

    @Timeout
    void scan(Timer timer) {
        String name = (String) timer.getInfo();
        if (!scanning.add(name)) {
            return;
        }
        try {
            scanner.scan(name, stability.computeIfAbsent(name, n -> new StabilityCheck()));
            afterScan(name, timer);
        } catch (Exception e) {
            LOG.log(Level.WARNING, MessageId.SCAN_FAILED.format(name, e), e);
        } finally {
            scanning.remove(name);
        }
    }

    /** Counts the scan against repeatCount, and re-arms a cron timer. */
    private void afterScan(String name, Timer timer) {
        Optional<EndpointConfig> config = endpoints.config(name);
        if (config.isEmpty() || config.get().state() != EndpointState.ENABLED) {
            return;
        }
        long scans = config.get().get(REPEAT_COUNT) == -1 ? 0 : endpoints.countScan(name);
        if (config.get().get(REPEAT_COUNT) != -1 && scans >= config.get().get(REPEAT_COUNT)) {
            cancel(name);
        } else if (!config.get().get(CRON_EXPRESSION).isBlank()) {
            armCron(config.get());
        }
    }

    private void schedule(EndpointConfig endpoint, long scansDone) {
        if (endpoint.state() != EndpointState.ENABLED
                || (endpoint.get(REPEAT_COUNT) != -1 && scansDone >= endpoint.get(REPEAT_COUNT))) {
            return;
        }
        if (endpoint.get(CRON_EXPRESSION).isBlank()) {
            timers.createIntervalTimer(FIRST_SCAN_DELAY_MS, endpoint.get(REPEAT_INTERVAL) * 1000L,
                    new TimerConfig(endpoint.name(), false));
        } else {
            armCron(endpoint);
        }
    }

    private void armCron(EndpointConfig endpoint) {
        CronSchedule.parse(endpoint.get(CRON_EXPRESSION)).next(ZonedDateTime.now()).ifPresent(next ->
                timers.createSingleActionTimer(Date.from(next.toInstant()), new TimerConfig(endpoint.name(), false)));
    }

    private void cancel(String endpoint) {
        for (Timer timer : timers.getTimers()) {
            if (endpoint.equals(timer.getInfo())) {
                timer.cancel();
            }
        }
    }
}
