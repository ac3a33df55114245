package dev.conveyor.operation;

import java.util.List;
import java.util.Map;

/**
 * Work an endpoint applies to each job: a CDI bean (add one in a jar next to Conveyor's and it
 * appears in {@code GET /api/operations}). Built-ins name their main input {@code input} and
 * their main output {@code output}, so an endpoint that names only the operation just works.
 */
public interface Operation {

    /** The main input's and output's conventional names. */
    String INPUT = "input";
    String OUTPUT = "output";

    /** The name endpoints refer to in {@code operationName}, e.g. {@code pdf.merge}. */
    String name();

    /** One line for the admin API's list. */
    String description();

    List<Parameter> inputs();

    /** Each output is a {@link ParameterType#DOCUMENT}, {@code DOCUMENT_LIST} or {@code DOCUMENT_MAP}. */
    List<Parameter> outputs();

    /**
     * Runs on one job. Returns each output by name: a {@link Document}, a {@code List<Document>}
     * or a {@code Map<String, Document>}, written with {@link OperationContext#newDocument}.
     * Any exception fails the job with its message as the reason: write it for the person who
     * will read failure.log.
     */
    Map<String, Object> run(OperationContext context) throws Exception;

    /**
     * True when every run reads no more of each input than its size when it was opened, and writes
     * at most as many bytes as it read, whatever the inputs contain (a copy), asking
     * {@link OperationContext#requireWithinOutputLimit} of each input's size before writing: a
     * dropper may hold a dropped file open and make it grow while it is read. Such an operation
     * runs on the worker's own thread, its time limit judged when it ends
     * ({@link OperationLimits#runBoundedByInputs}): handing a small file's copy to a thread that can
     * be left behind cost more than the copy. False by default: an operation a crafted input can
     * keep running or writing (a stylesheet, an archive, an image) runs on a thread of its own,
     * watched and left behind at a limit ({@link OperationLimits#run}).
     */
    default boolean boundedByInputs() {
        return false;
    }
}
