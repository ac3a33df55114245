package dev.conveyor.batch;

import static dev.conveyor.common.JsonText.JSON;

import static dev.conveyor.endpoint.EndpointSettings.PURGE_DURATION;
import static dev.conveyor.endpoint.EndpointSettings.RESULT_FOLDER;

import dev.conveyor.endpoint.EndpointConfig;
import dev.conveyor.endpoint.EndpointService;
import jakarta.batch.api.AbstractBatchlet;
import jakarta.batch.runtime.context.JobContext;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.json.JsonArrayBuilder;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

/**
 * Purges every endpoint whose purgeDuration is set, and reports what it deleted in
 * var/reports/purge-<execution id>.json and in its exit status.
 */
@Named("purgeBatchlet")
@Dependent
public class PurgeBatchlet extends AbstractBatchlet {

    @Inject
    EndpointService endpoints;

    @Inject
    JobContext jobContext;

    @Override
    public String process() throws Exception {
        Instant now = Instant.now();
        JsonArrayBuilder report = JSON.createArrayBuilder();
        long files = 0;
        long bytes = 0;
        int purged = 0;
        for (EndpointConfig endpoint : endpoints.configs()) {
            int days = endpoint.get(PURGE_DURATION);
            if (days < 1) {
                continue;
            }
            Path root = ResultPurge.purgeRoot(endpoint.folder(), endpoint.get(RESULT_FOLDER));
            ResultPurge.Deleted deleted = ResultPurge.purge(root, now.minus(Duration.ofDays(days)));
            JsonArrayBuilder paths = JSON.createArrayBuilder();
            deleted.files().forEach(file -> paths.add(endpoint.folder().relativize(file).toString()));
            report.add(JSON.createObjectBuilder().add("endpoint", endpoint.name()).add("folder", root.toString())
                    .add("olderThanDays", days).add("bytes", deleted.bytes()).add("deleted", paths));
            files += deleted.files().size();
            bytes += deleted.bytes();
            purged++;
        }
        return BatchReports.finish(jobContext, "purge",
                JSON.createObjectBuilder().add("time", now.toString()).add("endpoints", report).build().toString(),
                "deleted " + files + " files (" + bytes + " bytes) from " + purged + " endpoints");
    }
}
