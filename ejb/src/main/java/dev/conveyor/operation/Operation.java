package dev.conveyor.operation;

import java.util.List;

/**
 * Work an endpoint applies to each file it takes. An operation reads its input and writes its
 * results into the output folder it is given; Conveyor then moves those results into the
 * endpoint's result folder. An operation is a CDI bean: add one and it appears in the catalogue.
 */
public interface Operation {

    /** The name endpoints refer to in {@code operationName}. */
    String name();

    /** One line for the admin API's list. */
    String description();

    /** The parameters an endpoint may map. */
    List<OperationParameter> parameters();

    /**
     * Runs on one input. Any exception fails the job with its message as the reason: write the
     * message for the person who will read failure.log.
     */
    void run(OperationInput input) throws Exception;
}
