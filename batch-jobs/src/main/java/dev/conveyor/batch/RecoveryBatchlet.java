package dev.conveyor.batch;

import static dev.conveyor.common.JsonText.JSON;

import dev.conveyor.job.Recovery;
import jakarta.batch.api.AbstractBatchlet;
import jakarta.batch.runtime.context.JobContext;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.time.Instant;

/** Runs the recovery pass and reports what it repaired (in var/reports only when it repaired something). */
@Named("recoveryBatchlet")
@Dependent
public class RecoveryBatchlet extends AbstractBatchlet {

    @Inject
    Recovery recovery;

    @Inject
    JobContext jobContext;

    @Override
    public String process() throws Exception {
        Recovery.Report report = recovery.recover();
        if (report.isEmpty()) {
            // Most passes find nothing: no report file for them, or var/reports fills with one a minute.
            jobContext.setExitStatus(report.summary());
            return report.summary();
        }
        return BatchReports.finish(jobContext, "recovery", JSON.createObjectBuilder()
                .add("time", Instant.now().toString())
                .add("requeued", report.requeued())
                .add("dispatchesResent", report.dispatchesResent())
                .add("callbacksResent", report.callbacksResent())
                .add("orphansAdopted", report.orphansAdopted())
                .add("stageFoldersCleared", report.stageFoldersCleared())
                .build().toString(), report.summary());
    }
}
