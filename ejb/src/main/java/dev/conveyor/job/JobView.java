package dev.conveyor.job;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A job as the admin API shows it; times are ISO-8601 strings in its JSON. */
public record JobView(String id, String endpoint, String source, JobState state, String userName, String domainName,
                      @Schema(type = SchemaType.STRING, format = "date-time") Instant createdAt,
                      @Schema(type = SchemaType.STRING, format = "date-time") Instant finishedAt,
                      List<String> results, String failureReason, Map<String, String> attributes, String bucket, int jmsPriority,
                      @Schema(type = SchemaType.STRING, format = "date-time") Instant startedAt,
                      int attempts, String node, @Schema(type = SchemaType.STRING, format = "date-time") Instant changedAt,
                      String waitSignal) {

    public static JobView of(Job job) {
        return new JobView(job.getId(), job.getEndpoint(), job.getSource(), job.getState(), job.getUserName(),
                job.getDomainName(), job.getCreatedAt(), job.getFinishedAt(), job.getResults(), job.getFailureReason(),
                job.getAttributes(), job.getBucket(), job.getJmsPriority(), job.getStartedAt(),
                job.getAttempts(), job.getNode(), job.getChangedAt(), job.getWaitSignal());
    }
}
