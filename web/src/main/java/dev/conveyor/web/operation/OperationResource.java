package dev.conveyor.web.operation;

import dev.conveyor.operation.OperationCatalog;
import dev.conveyor.operation.OperationParameter;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;

/** /api/operations: what an endpoint's operationName may be, and its parameters. */
@Path("operations")
@Produces(MediaType.APPLICATION_JSON)
public class OperationResource {

    public record OperationView(String name, String description, List<OperationParameter> parameters) {
    }

    @Inject
    OperationCatalog operations;

    @GET
    public List<OperationView> list() {
        return operations.all().stream()
                .map(operation -> new OperationView(operation.name(), operation.description(), operation.parameters()))
                .toList();
    }
}
