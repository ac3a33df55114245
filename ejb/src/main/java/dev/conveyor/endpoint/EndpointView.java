package dev.conveyor.endpoint;

import java.time.Instant;

/** An endpoint as the admin API shows it. */
public record EndpointView(
        String name,
        String path,
        String operationName,
        boolean asynchronous,
        int repeatInterval,
        int batchSize,
        String includeFilePattern,
        String resultFolder,
        String preserveFolder,
        String failureFolder,
        EndpointState state,
        Instant createdAt) {

    public static EndpointView of(Endpoint e) {
        return new EndpointView(e.getName(), e.folder().toString(), e.getOperationName(), e.isAsynchronous(),
                e.getRepeatInterval(), e.getBatchSize(), e.getIncludeFilePattern(), e.getResultFolder(),
                e.getPreserveFolder(), e.getFailureFolder(), e.getState(), e.getCreatedAt());
    }
}
