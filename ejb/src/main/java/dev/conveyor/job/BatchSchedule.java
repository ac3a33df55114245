package dev.conveyor.job;

import dev.conveyor.common.BatchJobs;
import dev.conveyor.common.MessageId;
import dev.conveyor.common.PurgeTimes;
import dev.conveyor.common.Tunable;
import dev.conveyor.node.Leases;
import dev.conveyor.node.ThisNode;
import dev.conveyor.schema.SchemaMigrations;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.batch.runtime.BatchRuntime;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.Timeout;
import jakarta.ejb.Timer;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.Optional;
import java.util.Properties;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * What runs by itself: the recovery pass shortly after start-up and then at an interval, the purge
 * every day at 03:15 (server time), as the manual's daily clean-up. The times are tunables
 * ({@link Tunable#RECOVERY_AFTER_START}, {@link Tunable#RECOVERY_INTERVAL}, {@link Tunable#PURGE_CRON}),
 * so the timers are made here at start-up rather than declared with fixed schedules.
 */
@Singleton
@Startup
@DependsOn(SchemaMigrations.NAME)
public class BatchSchedule {

    private static final Logger LOG = Logger.getLogger(BatchSchedule.class.getName());
    private static final String RECOVERY = "recovery";

    @Resource
    TimerService timers;

    @Inject
    Leases leases;

    @Inject
    ThisNode node;

    @Inject
    Recovery recovery;

    private PurgeTimes purgeTimes;

    @PostConstruct
    void armTimers() {
        Tunable.checkAll();
        timers.createIntervalTimer(Tunable.RECOVERY_AFTER_START.value().toMillis(), Tunable.RECOVERY_INTERVAL.value().toMillis(),
                new TimerConfig(RECOVERY, false));
        purgeTimes = new PurgeTimes(Tunable.PURGE_CRON.value(), Clock.systemDefaultZone());
        purgeTimes.first().ifPresent(this::armPurge);
    }

    /** The purge's timer carries the time it is due, from which the next one is armed. */
    private void armPurge(Instant due) {
        timers.createSingleActionTimer(Date.from(due), new TimerConfig(due, false));
    }

    // Outside a transaction: the batch runtime's repository has a pool of its own (deploy/lib.sh
    // says why), which must not join a transaction of the application's; the passes called here
    // make their own.
    @Timeout
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    void timeout(Timer timer) {
        if (timer.getInfo() instanceof Instant purgeDue) {
            Optional<Instant> next = purgeTimes.after(purgeDue);
            try {
                purge(purgeTimes.lease(purgeDue, next));
            } finally {
                next.ifPresent(this::armPurge);
            }
        } else {
            recover();
        }
    }

    /**
     * The periodic pass calls the recovery service itself rather than through the batch runtime:
     * it must keep working when the batch repository cannot (its tables live in the same database
     * that may just have restarted). POST /api/batch/jobs/recovery runs the same pass as a batch job.
     */
    void recover() {
        try {
            Recovery.Report report = recovery.recover();
            if (!report.isEmpty()) {
                LOG.info(MessageId.RECOVERED.format(report.summary()));
            }
        } catch (Exception e) {
            LOG.log(Level.WARNING, MessageId.RECOVERY_FAILED.format(e), e);
        }
    }

    /** Every node's timer fires; the node that takes the firing's lease runs the purge, once for the cluster. */
    private void purge(Duration lease) {
        if (leases.hold("batch:" + BatchJobs.PURGE, node.id(), lease)) {
            LOG.info(MessageId.PURGE_STARTED.format(purgeTimes));
            start(BatchJobs.PURGE);
        }
    }

    /**
     * Never lets an exception out: the container cancels a timer whose method throws, and
     * recovery must keep running through a database outage.
     */
    private static void start(String job) {
        try {
            BatchRuntime.getJobOperator().start(job, new Properties());
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, MessageId.BATCH_START_FAILED.format(job, e), e);
        }
    }
}
