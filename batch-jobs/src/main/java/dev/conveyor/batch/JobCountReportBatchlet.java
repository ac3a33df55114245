package dev.conveyor.batch;

import dev.conveyor.common.ConveyorHome;
import dev.conveyor.job.JobStatistics;
import jakarta.batch.api.AbstractBatchlet;
import jakarta.batch.runtime.context.JobContext;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
        Path report = ConveyorHome.varDirectory().resolve("reports")
                .resolve("job-counts-" + jobContext.getExecutionId() + ".json");
        Files.createDirectories(report.getParent());
        Files.writeString(report, JobCountReport.toJson(counts, Instant.now()), StandardCharsets.UTF_8);
        String summary = JobCountReport.summary(counts);
        jobContext.setExitStatus(summary);
        return summary;
    }
}
