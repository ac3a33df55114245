package dev.conveyor.common;

import java.util.List;

/** The batch jobs Conveyor ships; the admin API starts only these. */
public final class BatchJobs {

    /** Counts jobs per endpoint and state into a JSON report under var/reports. */
    public static final String JOB_COUNT_REPORT = "job-count-report";

    /** Deletes result-folder content older than each endpoint's purgeDuration; runs daily. */
    public static final String PURGE = "purge";

    /** Puts back on its way what a crash left behind; runs at start-up and every 20 s. */
    public static final String RECOVERY = "recovery";

    public static final List<String> ALL = List.of(JOB_COUNT_REPORT, PURGE, RECOVERY);

    private BatchJobs() {
    }
}
