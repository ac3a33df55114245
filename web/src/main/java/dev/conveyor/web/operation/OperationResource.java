package dev.conveyor.web.operation;

import dev.conveyor.operation.OperationCatalog;
import dev.conveyor.operation.Operation;
import dev.conveyor.operation.Parameter;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.stream.Collectors;

/** /api/operations: what an endpoint's operationName may be, and its parameters. */
@Path("operations")
@Produces(MediaType.APPLICATION_JSON)
public class OperationResource {

    public record ParameterView(String name, String type, boolean required, String defaultValue, String description) {

        static ParameterView of(Parameter p) {
            return new ParameterView(p.name(), p.type().signature(), p.required(), p.defaultValue(), p.description());
        }
    }

    /** An operation with its signature, e.g. {@code pdf.merge(input: List<Document>) -> output: Document}. */
    public record OperationView(String name, String description, String signature,
                                List<ParameterView> inputs, List<ParameterView> outputs) {
    }

    @Inject
    OperationCatalog operations;

    @GET
    public List<OperationView> list() {
        return operations.all().stream()
                .map(operation -> new OperationView(operation.name(), operation.description(), signature(operation),
                        operation.inputs().stream().map(ParameterView::of).toList(),
                        operation.outputs().stream().map(ParameterView::of).toList()))
                .toList();
    }

    static String signature(Operation operation) {
        return operation.name() + "(" + parameters(operation.inputs()) + ") -> " + parameters(operation.outputs());
    }

    private static String parameters(List<Parameter> parameters) {
        return parameters.stream().map(p -> p.name() + ": " + p.type().signature()).collect(Collectors.joining(", "));
    }
}
