package dev.conveyor.batch;

import static dev.conveyor.common.JsonText.JSON;

import static dev.conveyor.endpoint.EndpointSettings.JOB_RECORD_DURATION;
import static dev.conveyor.endpoint.EndpointSettings.PURGE_DURATION;
import static dev.conveyor.endpoint.EndpointSettings.RESULT_FOLDER;

import dev.conveyor.endpoint.EndpointConfig;
import dev.conveyor.endpoint.EndpointService;
import dev.conveyor.files.Confinement;
import dev.conveyor.job.JobService;
import dev.conveyor.job.Jobs;
import dev.conveyor.job.PurgeCandidate;
import dev.conveyor.signal.SignalRetention;
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
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Purges every endpoint whose purgeDuration is set (see {@link ResultPurge}), a page of due jobs at
 * a time; then deletes the job records older than their endpoint's jobRecordDuration (the
 * service-wide one for endpoints deleted since) and the release signals unused for the
 * service-wide jobRecordDuration. Reports what it deleted in var/reports/purge-<execution id>.json
 * and in its exit status.
 */
@Named("purgeBatchlet")
@Dependent
public class PurgeBatchlet extends AbstractBatchlet {

    @Inject
    EndpointService endpoints;

    @Inject
    JobService jobs;

    @Inject
    Jobs jobRows;

    @Inject
    SignalRetention signals;

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
            for (List<PurgeCandidate> due = jobRows.resultsToPurge(endpoint.name(), finishedBefore, PAGE); !due.isEmpty();
                    due = jobRows.resultsToPurge(endpoint.name(), finishedBefore, PAGE)) {
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
        long jobRecords = deleteJobRecords(all, now);
        int serviceDays = endpoints.serviceWide(JOB_RECORD_DURATION);
        long signalRows = 0;
        if (serviceDays >= 1) {
            Instant unusedSince = now.minus(Duration.ofDays(serviceDays));
            for (int deleted = signals.deleteUnused(unusedSince, PAGE); deleted > 0; deleted = signals.deleteUnused(unusedSince, PAGE)) {
                signalRows += deleted;
            }
        }
        return BatchReports.finish(jobContext, "purge",
                JSON.createObjectBuilder().add("time", now.toString()).add("endpoints", report)
                        .add("jobRecords", jobRecords).add("signals", signalRows).build().toString(),
                "deleted " + files + " files (" + bytes + " bytes) from " + purged + " endpoints, " + jobRecords + " job records and "
                        + signalRows + " unused signals");
    }

    /** Runs after the results purge of the same day, so a record whose results were due is marked first. */
    private long deleteJobRecords(List<EndpointConfig> all, Instant now) {
        long deleted = 0;
        for (EndpointConfig endpoint : all) {
            deleted += deleteJobRecords(endpoint.name(), endpoint.get(JOB_RECORD_DURATION), endpoint.get(PURGE_DURATION) >= 1, now);
        }
        Set<String> existing = all.stream().map(EndpointConfig::name).collect(Collectors.toSet());
        for (String gone : jobRows.endpointsGoneWithJobs(existing)) {
            deleted += deleteJobRecords(gone, endpoints.serviceWide(JOB_RECORD_DURATION), false, now);
        }
        return deleted;
    }

    private long deleteJobRecords(String endpoint, int days, boolean resultsPurged, Instant now) {
        if (days < 1) {
            return 0;
        }
        Instant finishedBefore = now.minus(Duration.ofDays(days));
        long deleted = 0;
        for (int page = jobs.deleteFinished(endpoint, finishedBefore, resultsPurged, PAGE); page > 0;
                page = jobs.deleteFinished(endpoint, finishedBefore, resultsPurged, PAGE)) {
            deleted += page;
        }
        return deleted;
    }
}
