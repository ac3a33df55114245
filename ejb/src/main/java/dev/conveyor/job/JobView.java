package dev.conveyor.job;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/** A job as the admin API shows it. */
public record JobView(String id, String endpoint, String source, JobState state, String userName, String domainName,
                      Instant createdAt, Instant finishedAt, List<String> results, String failureReason,
                      Map<String, String> attributes, String bucket, int jmsPriority, Instant startedAt,
                      int attempts, String node, Instant changedAt, String waitSignal) {

    public static JobView of(Job job) {
        return new JobView(job.getId(), job.getEndpoint(), job.getSource(), job.getState(), job.getUserName(),
                job.getDomainName(), job.getCreatedAt(), job.getFinishedAt(), job.getResults(), job.getFailureReason(),
                job.getAttributes(), job.getBucket(), job.getJmsPriority(), job.getStartedAt(),
                job.getAttempts(), job.getNode(), job.getChangedAt(), job.getWaitSignal());
    }
}
