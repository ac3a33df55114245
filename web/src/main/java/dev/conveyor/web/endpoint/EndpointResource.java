package dev.conveyor.web.endpoint;

import static dev.conveyor.web.error.JsonRequests.bool;
import static dev.conveyor.web.error.JsonRequests.integer;
import static dev.conveyor.web.error.JsonRequests.string;

import dev.conveyor.endpoint.EndpointDefinition;
import dev.conveyor.endpoint.EndpointService;
import dev.conveyor.endpoint.EndpointState;
import dev.conveyor.endpoint.EndpointView;
import dev.conveyor.web.error.JsonRequests;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;
import java.util.Set;

/** /api/endpoints: the watched folders. */
@Path("endpoints")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class EndpointResource {

    static final Set<String> FIELDS = Set.of("name", "path", "operationName", "asynchronous", "repeatInterval",
            "batchSize", "includeFilePattern", "resultFolder", "preserveFolder", "failureFolder");

    @Inject
    EndpointService endpoints;

    @GET
    public List<EndpointView> list() {
        return endpoints.list();
    }

    @POST
    public Response create(String body, @Context UriInfo uri) {
        EndpointView created = endpoints.create(definition(body));
        return Response.created(uri.getAbsolutePathBuilder().path(created.name()).build()).entity(created).build();
    }

    @GET
    @Path("{name}")
    public EndpointView get(@PathParam("name") String name) {
        return endpoints.get(name);
    }

    /** Changes the fields given; the others keep their current values. */
    @PUT
    @Path("{name}")
    public EndpointView update(@PathParam("name") String name, String body) {
        return endpoints.update(name, definition(body));
    }

    @DELETE
    @Path("{name}")
    public Response delete(@PathParam("name") String name) {
        endpoints.delete(name);
        return Response.noContent().build();
    }

    @POST
    @Path("{name}/pause")
    public EndpointView pause(@PathParam("name") String name) {
        return endpoints.setState(name, EndpointState.PAUSED);
    }

    @POST
    @Path("{name}/resume")
    public EndpointView resume(@PathParam("name") String name) {
        return endpoints.setState(name, EndpointState.ENABLED);
    }

    static EndpointDefinition definition(String body) {
        JsonObject json = JsonRequests.object(body, FIELDS);
        return new EndpointDefinition(
                string(json, "name"),
                string(json, "path"),
                string(json, "operationName"),
                bool(json, "asynchronous"),
                integer(json, "repeatInterval"),
                integer(json, "batchSize"),
                string(json, "includeFilePattern"),
                string(json, "resultFolder"),
                string(json, "preserveFolder"),
                string(json, "failureFolder"));
    }
}
