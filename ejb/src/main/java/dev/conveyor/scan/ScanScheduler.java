package dev.conveyor.scan;

import static dev.conveyor.endpoint.EndpointSettings.CRON_EXPRESSION;
import static dev.conveyor.endpoint.EndpointSettings.REPEAT_COUNT;
import static dev.conveyor.endpoint.EndpointSettings.REPEAT_INTERVAL;

import dev.conveyor.common.CronSchedule;
import dev.conveyor.common.MessageId;
import dev.conveyor.common.Tunable;
import dev.conveyor.endpoint.Endpoint;
import dev.conveyor.endpoint.EndpointChanged;
import dev.conveyor.endpoint.FileSelection;
import dev.conveyor.endpoint.EndpointConfig;
import dev.conveyor.endpoint.EndpointService;
import dev.conveyor.endpoint.EndpointState;
import dev.conveyor.node.Leases;
import dev.conveyor.node.RenewedLeases;
import dev.conveyor.node.ThisNode;
import dev.conveyor.schema.SchemaMigrations;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.Timeout;
import jakarta.ejb.Timer;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.util.Date;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One programmatic, non-persistent timer per enabled endpoint: an interval timer, or, for a cron
 * expression, a single-action timer re-armed for the next firing after each scan. Timers follow
 * the database: they are rebuilt from it at start-up, when an endpoint change commits on this
 * node, and within {@value #RECONCILE_SECONDS} s of a change made on another node; an endpoint
 * whose repeatCount is used up is not scheduled again. A scan still running when its next firing
 * comes is not started twice.
 * <p>
 * In a cluster every node has the timers, and a scan happens only on the node that holds the
 * endpoint's lease ({@code scan:<name>} in CNV_LEASE): the holder renews it at every scan (at most
 * once every 5 s: {@link RenewedLeases}), and
 * when it dies the lease expires (interval + {@link Tunable#NODE_DEAD_AFTER}) and the next node whose
 * timer fires takes the endpoint over.
 * <p>
 * The lease holder of an interval endpoint (no cron expression, no repeatCount) also watches its
 * folder for file-system events, from the moment the endpoint is scheduled (created, changed, or
 * found at start-up): a file moved in is looked at a few ms later and again after
 * {@link StabilityCheck#CAUGHT_UP_GAP_MS} ms, and taken then if unchanged and the folder watch has
 * caught up with its events ({@link StabilityCheck#MINIMUM_GAP_MS} ms when it cannot tell), instead of waiting for
 * two timer scans; a file written in place waits most of a scan interval, as before
 * ({@link StabilityCheck}). {@link EventScanPace} keeps event scans from running back to back, but
 * for a backlog: a scan that claimed a full batch is followed by the next at once. The timer scan
 * stays for what events miss.
 */
@Singleton
@Startup
@DependsOn(SchemaMigrations.NAME)
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
// No transaction around a scan: its claims and dispatches have their own, and a synchronous
// endpoint's operation may run longer than any transaction timeout.
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class ScanScheduler {

    private static final Logger LOG = Logger.getLogger(ScanScheduler.class.getName());
    private static final long FIRST_SCAN_DELAY_MS = 500;
    static final int RECONCILE_SECONDS = 10;
    /** How long a scan waits for the folder watch to catch up: beyond it, the file waits for the gap that needs no proof. */
    private static final Duration CAUGHT_UP_WAIT = Duration.ofMillis(StabilityCheck.MINIMUM_GAP_MS);
    /** A scan that did not happen (the lease is another node's, or it failed): no claims, no looking to rest from. */
    private static final EndpointScanner.Scanned NOTHING_SCANNED = new EndpointScanner.Scanned(false, 0);

    @Resource
    TimerService timers;

    @Resource
    ManagedScheduledExecutorService eventScans;

    @Resource
    ManagedThreadFactory threads;

    @PersistenceContext
    EntityManager em;

    @Inject
    EndpointService endpoints;

    @Inject
    EndpointScanner scanner;

    @Inject
    Leases leases;

    @Inject
    ThisNode node;

    private final Set<String> scanning = ConcurrentHashMap.newKeySet();
    private final Map<String, ScanMemory> memories = new ConcurrentHashMap<>();
    /** The configuration each endpoint's timer was made for: what reconciling compares with the database. */
    private final Map<String, EndpointConfig> scheduled = new ConcurrentHashMap<>();
    /** The endpoints that have a timer now, by this scheduler's own account: what readiness compares with the timer service. */
    private final Set<String> armed = ConcurrentHashMap.newKeySet();
    private volatile Instant reconciledAt;
    /** The endpoints with an event scan scheduled: more events meanwhile need no other. */
    private final Set<String> eventScanDue = ConcurrentHashMap.newKeySet();
    /** The endpoints whose folder had events while they were being scanned: scanned again after. */
    private final Set<String> changedWhileScanning = ConcurrentHashMap.newKeySet();
    /** When a scan set for an endpoint's waiting entries comes (milliseconds of System.nanoTime), one at a time. */
    private final Map<String, Long> followUpAt = new ConcurrentHashMap<>();
    private final EventScanPace eventScanPace = new EventScanPace();
    private final RenewedLeases renewedLeases = new RenewedLeases();
    /** Empty where the platform has no file-system events: then the timers alone scan. */
    private Optional<FolderWatch> folderWatch = Optional.empty();

    @PostConstruct
    void scheduleAll() {
        try {
            FolderWatch watch = new FolderWatch(this::filesChanged);
            threads.newThread(watch).start();
            folderWatch = Optional.of(watch);
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.WARNING, MessageId.FOLDER_EVENTS_UNAVAILABLE.format(e), e);
        }
        reconcile();
    }

    public void endpointChanged(@Observes(during = TransactionPhase.AFTER_SUCCESS) EndpointChanged change) {
        reschedule(change.name(), endpoints.config(change.name()));
    }

    /**
     * Brings the timers in line with the database: endpoints created, changed, paused or deleted
     * through another node are seen here within {@value #RECONCILE_SECONDS} seconds. Never throws:
     * the container would cancel the timer.
     */
    @Schedule(hour = "*", minute = "*", second = "*/" + RECONCILE_SECONDS, persistent = false)
    void reconcile() {
        try {
            Map<String, EndpointConfig> current = new HashMap<>();
            endpoints.configs().forEach(config -> current.put(config.name(), config));
            for (String name : Set.copyOf(scheduled.keySet())) {
                if (!current.containsKey(name)) {
                    reschedule(name, Optional.empty());
                }
            }
            current.forEach((name, config) -> {
                if (!config.equals(scheduled.get(name))) {
                    reschedule(name, Optional.of(config));
                }
            });
            reconciledAt = Instant.now();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, MessageId.SCAN_FAILED.format("(all)", e), e);
        }
    }

    private void reschedule(String name, Optional<EndpointConfig> config) {
        cancel(name);
        // Watched again by the next scan, if its new settings and the lease say so.
        folderWatch.ifPresent(watch -> watch.unwatch(name));
        memories.remove(name);
        scheduled.remove(name);
        config.ifPresent(endpoint -> {
            scheduled.put(name, endpoint);
            Endpoint row = em.find(Endpoint.class, name);
            schedule(endpoint, row == null ? 0 : row.getScans());
            watchAtOnce(endpoint);
        });
    }

    /**
     * An interval endpoint just created, changed or found at start-up is watched now by the node
     * that gets its lease, not from its first scan on: a file moved in meanwhile is then known to
     * have arrived whole and is taken within ms, where one found by the first scan waits the
     * in-place gap. A failure leaves the watch to the first scan.
     */
    private void watchAtOnce(EndpointConfig endpoint) {
        if (folderWatch.isEmpty() || !eventDriven(endpoint)) {
            return;
        }
        try {
            leaseHeld(endpoint.name()).ifPresent(this::watchIfEventDriven);
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "watching " + endpoint.name() + " before its first scan", e);
        }
    }

    /** Interval endpoints only: a cron endpoint scans at its times, and a scan outside them would not count against repeatCount. */
    private static boolean eventDriven(EndpointConfig endpoint) {
        return endpoint.state() == EndpointState.ENABLED && endpoint.get(CRON_EXPRESSION).isBlank() && endpoint.get(REPEAT_COUNT) == -1;
    }

    /** When the timers were last brought in line with the database; empty before the first time. */
    public Optional<Instant> reconciledAt() {
        return Optional.ofNullable(reconciledAt);
    }

    /**
     * The endpoints that should have a timer and have none in the timer service. A cron endpoint
     * being scanned is left out: its timer has fired and is re-armed after the scan.
     */
    public Set<String> missingTimers() {
        Set<String> missing = new TreeSet<>(armed);
        missing.removeAll(scanning);
        for (Timer timer : timers.getTimers()) {
            if (timer.getInfo() instanceof String endpoint) {
                missing.remove(endpoint);
            }
        }
        return missing;
    }

    /** A clean stop hands the endpoints over at once instead of after their leases expire. */
    @PreDestroy
    void releaseLeases() {
        scheduled.keySet().forEach(name -> leases.release(leaseName(name), node.id()));
        folderWatch.ifPresent(watch -> {
            try {
                watch.close();
            } catch (IOException e) {
                LOG.log(Level.FINE, "closing the folder watch", e);
            }
        });
    }

    static String leaseName(String endpoint) {
        return "scan:" + endpoint;
    }

    /** Long enough that the holder renews it at every scan, short enough that a dead holder's endpoint moves soon. */
    static Duration leaseDuration(EndpointConfig endpoint) {
        return endpoint.get(CRON_EXPRESSION).isBlank()
                ? Duration.ofSeconds(endpoint.get(REPEAT_INTERVAL)).plus(Tunable.NODE_DEAD_AFTER.value())
                : Tunable.NODE_DEAD_AFTER.value();
    }

    /**
     * Takes or renews the endpoint's lease; one renewed within the last 5 s is held without a write.
     * The endpoint's settings as read for it when it is held, for the scan to use throughout: each
     * read is a call into the container, a transaction and two queries, and an idle endpoint's scan
     * read them four times (docs/benchmarks.md).
     */
    private Optional<EndpointConfig> leaseHeld(String name) {
        Optional<EndpointConfig> config = endpoints.config(name);
        if (config.isEmpty()) {
            renewedLeases.forget(name);
            return Optional.empty();
        }
        Duration duration = leaseDuration(config.get());
        Instant now = Instant.now();
        if (renewedLeases.heldWithoutRenewal(name, duration, now)) {
            return config;
        }
        if (leases.hold(leaseName(name), node.id(), duration)) {
            renewedLeases.renewed(name, now);
            return config;
        }
        renewedLeases.forget(name);
        return Optional.empty();
    }

    @Timeout
    void scan(Timer timer) {
        String name = (String) timer.getInfo();
        if (!scanning.add(name)) {
            return;
        }
        long started = eventScanPace.started();
        EndpointScanner.Scanned scanned = NOTHING_SCANNED;
        try {
            Optional<EndpointConfig> held = leaseHeld(name);
            if (held.isEmpty()) {
                letGo(name);
                rearmCron(name);
                return;
            }
            // Watched before the look, so that what appears from then on is known to have arrived.
            watchIfEventDriven(held.get());
            scanned = scanAndFollowUp(held.get(), true);
            afterScan(held.get());
        } catch (Exception e) {
            LOG.log(Level.WARNING, MessageId.SCAN_FAILED.format(name, e), e);
        } finally {
            scanDone(name, started, scanned);
        }
    }

    private ScanMemory memory(String name) {
        return memories.computeIfAbsent(name, n -> new ScanMemory());
    }

    /** Another node scans the endpoint now: its looks and its events are that node's. */
    private void letGo(String name) {
        renewedLeases.forget(name);
        memories.remove(name);
        folderWatch.ifPresent(watch -> watch.unwatch(name));
    }

    /**
     * Any scan, timer or event, paces the event scans after it; one that claimed a full batch of a
     * watched folder is followed by another soon, so a backlog does not wait for the timer.
     */
    private void scanDone(String name, long started, EndpointScanner.Scanned scanned) {
        eventScanPace.ended(name, started, scanned.lookingNanos(), scanned.claimedFullBatch());
        scanning.remove(name);
        boolean watched = folderWatch.map(watch -> watch.watches(name)).orElse(false);
        if (changedWhileScanning.remove(name) || scanned.claimedFullBatch() && watched) {
            scanSoon(name);
        }
    }

    private void watchIfEventDriven(EndpointConfig endpoint) {
        String name = endpoint.name();
        if (folderWatch.isEmpty()) {
            return;
        }
        if (!eventDriven(endpoint)) {
            folderWatch.get().unwatch(name);
            return;
        }
        try {
            FolderWatch watch = folderWatch.get();
            watch.watch(name, endpoint.folder(), FileSelection.of(endpoint));
            memory(name).stability().watched(inPlaceGapMs(endpoint), () -> watch.caughtUp(name, CAUGHT_UP_WAIT));
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.WARNING, MessageId.FOLDER_EVENTS_UNAVAILABLE.format(e), e);
        }
    }

    /**
     * How long a file written in place must stay unchanged while events are watched: most of a
     * scan interval, as between two timer scans, less a fifth for the timers' own jitter.
     */
    static long inPlaceGapMs(EndpointConfig endpoint) {
        return endpoint.get(REPEAT_INTERVAL) * 1000L * 4 / 5;
    }

    /** From the folder watch's thread: what appeared and what was written in place is noted, and a scan comes soon. Never throws. */
    void filesChanged(String name, FolderWatch.Changes changes) {
        ScanMemory memory = memory(name);
        memory.stability().appeared(changes.appeared());
        if (!changes.written().isEmpty() || changes.lost()) {
            memory.stability().written(changes.written(), changes.lost());
        }
        if (changes.lost()) {
            memory.waiting().eventsLost();
        } else {
            memory.waiting().arrived(changes.appeared());
        }
        scanSoon(name);
    }

    /** A scan soon, unless one is due already. */
    private void scanSoon(String name) {
        if (!eventScanDue.add(name)) {
            return;
        }
        try {
            eventScans.schedule(() -> eventScan(name), eventScanPace.delayMillis(name), TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException shuttingDown) {
            eventScanDue.remove(name);
        }
    }

    /** A scan started by events. */
    private void eventScan(String name) {
        eventScanDue.remove(name);
        if (!scanning.add(name)) {
            changedWhileScanning.add(name);
            return;
        }
        long started = eventScanPace.started();
        EndpointScanner.Scanned scanned = NOTHING_SCANNED;
        try {
            Optional<EndpointConfig> held = leaseHeld(name);
            if (held.isEmpty()) {
                letGo(name);
                return;
            }
            scanned = scanAndFollowUp(held.get(), false);
        } catch (Exception e) {
            LOG.log(Level.WARNING, MessageId.SCAN_FAILED.format(name, e), e);
        } finally {
            scanDone(name, started, scanned);
        }
    }

    /**
     * One scan; while it leaves files of a watched folder waiting for their second look (new,
     * changed, or seen too recently), another follows once the first of them may be taken: that is how a file moved in
     * is taken, and how a job folder filling up (whose inside has no events here) is. A scan may
     * pick from what the last pass over the folder and the events since told; a timer scan is the
     * safety net for what makes no event ({@link OldestWaiting}).
     */
    private EndpointScanner.Scanned scanAndFollowUp(EndpointConfig endpoint, boolean timer) throws IOException {
        String name = endpoint.name();
        ScanMemory memory = memory(name);
        StabilityCheck check = memory.stability();
        long looksBefore = check.looks();
        EndpointScanner.Scanned scanned = scanner.scan(endpoint, memory, timer, () -> leaseHeld(name).isPresent());
        boolean watched = folderWatch.map(watch -> watch.watches(name)).orElse(false);
        if (watched && check.looks() > looksBefore && check.awaitingSecondLook() > 0) {
            long dueIn = check.millisUntilSecondLookDue();
            if (dueIn <= StabilityCheck.MINIMUM_GAP_MS) {
                changedWhileScanning.add(name);
            } else {
                scanWhenDue(name, dueIn);
            }
        }
        return scanned;
    }

    /**
     * A scan once what waits for its second look may be taken, not before: a job folder waits
     * most of a scan interval, and each scan in between looked at every waiting entry again for
     * nothing. Events still start scans at once; a follow-up already set for sooner stays, its
     * scan setting the next.
     */
    private void scanWhenDue(String name, long dueInMillis) {
        long now = System.nanoTime() / 1_000_000;
        long dueAt = now + dueInMillis;
        Long pending = followUpAt.get(name);
        // One in the past never ran (it clears itself when it does): it holds nothing back.
        if (pending != null && pending >= now && pending <= dueAt) {
            return;
        }
        followUpAt.put(name, dueAt);
        try {
            // A millisecond past due: a scan starting right at it could find the gap a rounding short.
            eventScans.schedule(() -> {
                followUpAt.remove(name, dueAt);
                scanSoon(name);
            }, dueInMillis + 1, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException shuttingDown) {
            followUpAt.remove(name, dueAt);
        }
    }

    /** A node that did not scan still keeps its cron timer for the next firing. */
    private void rearmCron(String name) {
        endpoints.config(name).filter(config -> !config.get(CRON_EXPRESSION).isBlank()).ifPresent(this::armCron);
    }

    /**
     * Counts the scan against repeatCount, and re-arms a cron timer, as the endpoint is set now.
     * An endpoint that had neither when its scan began has nothing to do here: one given either
     * since is rescheduled by its change ({@link #endpointChanged}, {@link #reconcile}).
     */
    private void afterScan(EndpointConfig scanned) {
        if (scanned.get(REPEAT_COUNT) == -1 && scanned.get(CRON_EXPRESSION).isBlank()) {
            return;
        }
        String name = scanned.name();
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
            armed.add(endpoint.name());
            timers.createIntervalTimer(FIRST_SCAN_DELAY_MS, endpoint.get(REPEAT_INTERVAL) * 1000L,
                    new TimerConfig(endpoint.name(), false));
        } else {
            armCron(endpoint);
        }
    }

    private void armCron(EndpointConfig endpoint) {
        Optional<ZonedDateTime> next = CronSchedule.parse(endpoint.get(CRON_EXPRESSION)).next(ZonedDateTime.now());
        if (next.isEmpty()) {
            armed.remove(endpoint.name());
            return;
        }
        armed.add(endpoint.name());
        timers.createSingleActionTimer(Date.from(next.get().toInstant()), new TimerConfig(endpoint.name(), false));
    }

    private void cancel(String endpoint) {
        armed.remove(endpoint);
        for (Timer timer : timers.getTimers()) {
            if (endpoint.equals(timer.getInfo())) {
                timer.cancel();
            }
        }
    }
}
