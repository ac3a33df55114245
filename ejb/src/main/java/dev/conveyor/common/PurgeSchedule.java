package dev.conveyor.common;

import jakarta.batch.runtime.BatchRuntime;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import java.util.Properties;

/** Starts the purge every day at 03:15 (server time), as the manual's daily clean-up. */
@Singleton
public class PurgeSchedule {

    @Schedule(hour = "3", minute = "15", persistent = false)
    void daily() {
        BatchRuntime.getJobOperator().start(BatchJobs.PURGE, new Properties());
    }
}
