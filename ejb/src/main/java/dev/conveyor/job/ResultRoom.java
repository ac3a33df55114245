package dev.conveyor.job;

import dev.conveyor.endpoint.EndpointConfig;
import java.nio.file.Path;
import java.util.function.LongSupplier;

/**
 * Whether a job's results may be written now: asked by the result write, answered by flow control
 * (a full downstream endpoint, a volume short of minimumFreeSpace, a blocked endpoint).
 */
public interface ResultRoom {

    /**
     * True when the results may be written, after waiting and retrying as flow control says; false
     * when the endpoint is blocked, and the job stays WRITING with its results in stage.
     */
    boolean awaitResultRoom(EndpointConfig endpoint, Path resultFolder, LongSupplier resultBytes);

    /** True when the results may be written now, never waiting: a worker's question. */
    boolean hasResultRoom(EndpointConfig endpoint, Path resultFolder, LongSupplier resultBytes);
}
