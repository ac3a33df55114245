package dev.conveyor.batch;

import static dev.conveyor.common.JsonText.JSON;

import static dev.conveyor.endpoint.EndpointSettings.PURGE_DURATION;
import static dev.conveyor.endpoint.EndpointSettings.RESULT_FOLDER;

import dev.conveyor.endpoint.EndpointConfig;
import dev.conveyor.endpoint.EndpointService;
import dev.conveyor.files.Confinement;
import dev.conveyor.job.JobService;
import dev.conveyor.job.PurgeCandidate;
import jakarta.batch.api.AbstractBatchlet;
import jakarta.batch.runtime.context.JobContext;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.json.JsonArrayBuilder;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Purges every endpoint whose purgeDuration is set (see {@link ResultPurge}), a page of due jobs at
 * a time, and reports what it deleted in var/reports/purge-<execution id>.json and in its exit status.
 */
@Named("purgeBatchlet")
@Dependent
public class PurgeBatchlet extends AbstractBatchlet {

    @Inject
    EndpointService endpoints;

    @Inject
    JobService jobs;

    @Inject
    JobContext jobContext;

    /** Jobs looked at per step: their results are deleted, then they are marked, in one short transaction. */
    private static final int PAGE = 500;

    @Override
    public String process() throws Exception {
        Instant now = Instant.now();
        JsonArrayBuilder report = JSON.createArrayBuilder();
        long files = 0;
        long bytes = 0;
        int purged = 0;
        List<EndpointConfig> all = endpoints.configs();
        Confinement confinement = Confinement.ofAllowedRoots();
        for (EndpointConfig endpoint : all) {
            int days = endpoint.get(PURGE_DURATION);
            if (days < 1) {
                continue;
            }
            List<Path> others = all.stream().filter(other -> !other.name().equals(endpoint.name())).map(EndpointConfig::folder).toList();
            ResultPurge purge = new ResultPurge(endpoint.folder(), endpoint.get(RESULT_FOLDER), others, confinement);
            Instant finishedBefore = now.minus(Duration.ofDays(days));
            JsonArrayBuilder paths = JSON.createArrayBuilder();
            long endpointBytes = 0;
            for (List<PurgeCandidate> due = jobs.resultsToPurge(endpoint.name(), finishedBefore, PAGE); !due.isEmpty();
                    due = jobs.resultsToPurge(endpoint.name(), finishedBefore, PAGE)) {
                ResultPurge.Deleted deleted = purge.purge(due);
                deleted.files().forEach(file -> paths.add(endpoint.folder().relativize(file).toString()));
                endpointBytes += deleted.bytes();
                files += deleted.files().size();
                jobs.markResultsPurged(due.stream().map(PurgeCandidate::jobId).toList(), now);
            }
            report.add(JSON.createObjectBuilder().add("endpoint", endpoint.name()).add("folder", purge.root().toString())
                    .add("olderThanDays", days).add("bytes", endpointBytes).add("deleted", paths));
            bytes += endpointBytes;
            purged++;
        }
        return BatchReports.finish(jobContext, "purge",
                JSON.createObjectBuilder().add("time", now.toString()).add("endpoints", report).build().toString(),
                "deleted " + files + " files (" + bytes + " bytes) from " + purged + " endpoints");
    }
}
