package dev.conveyor.batch;

import java.util.List;

/** The batch jobs Conveyor ships; the admin API starts only these. */
public final class BatchJobs {

    /** Counts jobs per endpoint and state into a JSON report under var/reports. */
    public static final String JOB_COUNT_REPORT = "job-count-report";

    public static final List<String> ALL = List.of(JOB_COUNT_REPORT);

    private BatchJobs() {
    }
}
