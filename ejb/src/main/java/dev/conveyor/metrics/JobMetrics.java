package dev.conveyor.metrics;

import dev.conveyor.job.Job;
import dev.conveyor.job.JobFinished;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Locale;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.MetricUnits;
import org.eclipse.microprofile.metrics.Tag;

/**
 * Counts each job this node finished, once its end is committed: by endpoint and outcome, its
 * run time (first start to end), and per priority bucket the job served and how long it waited
 * for a worker (claim to first start). A job that never started (expired while waiting) is
 * counted but has no run time and no wait.
 */
@ApplicationScoped
public class JobMetrics {

    private static final Metadata FINISHED = Metadata.builder().withName(MetricNames.JOBS_FINISHED)
            .withDescription("Jobs finished on this node, by endpoint and outcome (succeeded, failed, expired).").build();
    private static final Metadata DURATION = Metadata.builder().withName(MetricNames.JOB_DURATION)
            .withDescription("Run time of the jobs finished on this node, from first start to end, by endpoint.")
            .withUnit(MetricUnits.SECONDS).build();
    private static final Metadata SERVED = Metadata.builder().withName(MetricNames.BUCKET_JOBS_SERVED)
            .withDescription("Jobs of each priority bucket that workers of this node started and finished.").build();
    private static final Metadata WAIT = Metadata.builder().withName(MetricNames.BUCKET_WAIT)
            .withDescription("How long the jobs of each priority bucket waited for a worker, from claim to first start.")
            .withUnit(MetricUnits.SECONDS).build();

    @Inject
    MetricRegistry metrics;

    /**
     * One finished job at a time: Payara's registry threw ConcurrentModificationException when
     * several threads made a new metric (an endpoint's or bucket's first finished jobs) at once,
     * and the job went uncounted.
     */
    synchronized void jobFinished(@Observes(during = TransactionPhase.AFTER_SUCCESS) JobFinished finished) {
        Job job = finished.job();
        Tag endpoint = new Tag("endpoint", job.getEndpoint());
        metrics.counter(FINISHED, endpoint, new Tag("outcome", job.getState().name().toLowerCase(Locale.ROOT))).inc();
        if (job.getStartedAt() == null) {
            return;
        }
        metrics.timer(DURATION, endpoint).update(Duration.between(job.getStartedAt(), job.getFinishedAt()));
        Tag bucket = new Tag("bucket", job.getBucket());
        metrics.counter(SERVED, bucket).inc();
        metrics.timer(WAIT, bucket).update(Duration.between(job.getCreatedAt(), job.getStartedAt()));
    }
}
