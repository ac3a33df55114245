package dev.conveyor.batch;

import dev.conveyor.job.JobStatistics;
import jakarta.batch.api.AbstractBatchlet;
import jakarta.batch.runtime.context.JobContext;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.time.Instant;

/** Writes var/reports/job-counts-<execution id>.json and ends with a one-line summary as exit status. */
@Named("jobCountReportBatchlet")
@Dependent
public class JobCountReportBatchlet extends AbstractBatchlet {

    @Inject
    JobStatistics statistics;

    @Inject
    JobContext jobContext;

    @Override
    public String process() throws Exception {
        var counts = statistics.countsByEndpoint();
        return BatchReports.finish(jobContext, "job-counts", JobCountReport.toJson(counts, Instant.now()), JobCountReport.summary(counts));
    }
}
