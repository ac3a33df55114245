package dev.conveyor.common;

import dev.conveyor.job.Recovery;
import dev.conveyor.node.Leases;
import dev.conveyor.node.ThisNode;
import dev.conveyor.schema.SchemaMigrations;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.batch.runtime.BatchRuntime;
import jakarta.ejb.DependsOn;
import jakarta.ejb.ScheduleExpression;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.Timeout;
import jakarta.ejb.Timer;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.LocalTime;
import java.util.Properties;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * What runs by itself: the recovery pass shortly after start-up and then at an interval, the purge
 * every day at a time of day (server time), as the manual's daily clean-up. The times are tunables
 * ({@link Tunable#RECOVERY_AFTER_START}, {@link Tunable#RECOVERY_INTERVAL}, {@link Tunable#PURGE_TIME}),
 * so the timers are made here at start-up rather than declared with fixed schedules.
 */
@Singleton
@Startup
@DependsOn(SchemaMigrations.NAME)
public class BatchSchedule {

    private static final Logger LOG = Logger.getLogger(BatchSchedule.class.getName());
    private static final String RECOVERY = "recovery";
    private static final String PURGE = "purge";

    /** Longer than the purge takes, shorter than a day. */
    private static final Duration PURGE_LEASE = Duration.ofHours(1);

    @Resource
    TimerService timers;

    @Inject
    Leases leases;

    @Inject
    ThisNode node;

    @Inject
    Recovery recovery;

    @PostConstruct
    void schedule() {
        Tunable.checkAll();
        timers.createIntervalTimer(Tunable.RECOVERY_AFTER_START.value().toMillis(), Tunable.RECOVERY_INTERVAL.value().toMillis(),
                new TimerConfig(RECOVERY, false));
        LocalTime purge = Tunable.PURGE_TIME.value();
        timers.createCalendarTimer(new ScheduleExpression().hour(purge.getHour()).minute(purge.getMinute()).second(0),
                new TimerConfig(PURGE, false));
    }

    @Timeout
    void fire(Timer timer) {
        if (PURGE.equals(timer.getInfo())) {
            purge();
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

    /** Every node's timer fires; the node that takes the day's lease runs the purge, once for the cluster. */
    void purge() {
        if (leases.hold("batch:" + BatchJobs.PURGE, node.id(), PURGE_LEASE)) {
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
