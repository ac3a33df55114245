package dev.conveyor.job;

import dev.conveyor.endpoint.EndpointConfig;
import java.io.IOException;
import java.util.Optional;

/**
 * A job whose results go on as jobs of their own (a fan-out) instead of into its result folder:
 * asked by the result write, answered by the signal package, which parks the parent until its
 * children are done.
 */
public interface ResultSplit {

    /** Whether the job's results are split now rather than written. */
    boolean splits(EndpointConfig endpoint, Job job);

    /**
     * Splits the job's results into child jobs and parks the job, in the caller's transaction;
     * empty when done, else why the job fails instead.
     */
    Optional<String> split(Job parent, EndpointConfig endpoint) throws IOException;
}
