package dev.conveyor.job;

import dev.conveyor.endpoint.EndpointConfig;
import java.nio.file.Path;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;

/**
 * Whether a job's results may be written now: asked by the result write, answered by flow control
 * (a full downstream endpoint, a volume short of minimumFreeSpace, a blocked endpoint). The
 * results' size and number of units are measured only if flow control needs them.
 */
public interface ResultRoom {

    /**
     * True when the results may be written, after waiting and retrying as flow control says; false
     * when the endpoint is blocked, and the job stays WRITING with its results in stage.
     */
    boolean awaitResultRoom(EndpointConfig endpoint, Path resultFolder, LongSupplier resultBytes, IntSupplier resultUnits);

    /** True when the results may be written now, never waiting: a worker's question. */
    boolean hasResultRoom(EndpointConfig endpoint, Path resultFolder, LongSupplier resultBytes, IntSupplier resultUnits);
}
