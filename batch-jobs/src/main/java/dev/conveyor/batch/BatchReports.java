package dev.conveyor.batch;

import dev.conveyor.common.ConveyorHome;
import jakarta.batch.runtime.context.JobContext;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Where batch jobs leave their reports: var/reports/<name>-<execution id>.json, and a summary as exit status. */
final class BatchReports {

    private BatchReports() {
    }

    /** Writes the report, sets the summary as the job's exit status, and returns it. */
    static String finish(JobContext job, String name, String json, String summary) throws IOException {
        Path report = ConveyorHome.varDirectory().resolve("reports").resolve(name + "-" + job.getExecutionId() + ".json");
        Files.createDirectories(report.getParent());
        Files.writeString(report, json, StandardCharsets.UTF_8);
        job.setExitStatus(summary);
        return summary;
    }
}
