package dev.conveyor.web.endpoint;

import dev.conveyor.endpoint.EndpointService;
import dev.conveyor.endpoint.EndpointState;
import dev.conveyor.flow.FlowControl;
import dev.conveyor.web.error.JsonRequests;
import dev.conveyor.web.openapi.ApiSchemas;
import dev.conveyor.web.security.Audit;
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
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/** /api/endpoints: the watched folders. Fields are the settings of {@code EndpointSettings}. */
@Path("endpoints")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class EndpointResource {

    @Inject
    EndpointService endpoints;

    @Inject
    FlowControl flow;

    @Inject
    Audit audit;

    @GET
    @APIResponse(responseCode = "200", description = "Every endpoint, as it runs.", content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = ApiSchemas.ENDPOINTS)))
    public List<JsonObject> list() {
        return endpoints.list();
    }

    @POST
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = ApiSchemas.ENDPOINT_SETTINGS)))
    @APIResponse(responseCode = "201", description = "Created; Location is its URL.", content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = ApiSchemas.ENDPOINT)))
    public Response create(String body, @Context UriInfo uri) {
        return audit.change(null, () -> {
            JsonObject created = endpoints.create(JsonRequests.object(body));
            return Response.created(uri.getAbsolutePathBuilder().path(created.getString("name")).build()).entity(created).build();
        });
    }

    @GET
    @Path("{name}")
    @APIResponse(responseCode = "200", description = "The endpoint, as it runs.", content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = ApiSchemas.ENDPOINT)))
    public JsonObject get(@PathParam("name") String name) {
        return endpoints.get(name);
    }

    /** Changes the settings given; the others keep their current values. */
    @PUT
    @Path("{name}")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = ApiSchemas.ENDPOINT_CHANGE)))
    @APIResponse(responseCode = "200", description = "The endpoint with the change.", content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = ApiSchemas.ENDPOINT)))
    public JsonObject update(@PathParam("name") String name, String body) {
        return audit.change(() -> endpoints.get(name), () -> endpoints.update(name, JsonRequests.object(body)));
    }

    @DELETE
    @Path("{name}")
    @APIResponse(responseCode = "204", description = "Removed; its jobs stay on record.")
    public Response delete(@PathParam("name") String name) {
        audit.change(() -> endpoints.get(name), () -> endpoints.delete(name));
        return Response.noContent().build();
    }

    @POST
    @Path("{name}/pause")
    @APIResponse(responseCode = "200", description = "The endpoint, PAUSED.", content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = ApiSchemas.ENDPOINT)))
    public JsonObject pause(@PathParam("name") String name) {
        return audit.change(() -> endpoints.get(name), () -> endpoints.setState(name, EndpointState.PAUSED));
    }

    /** Ends a pause or a block; the results of jobs that waited in a block are written now. */
    @POST
    @Path("{name}/resume")
    @APIResponse(responseCode = "200", description = "The endpoint, ENABLED.", content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = ApiSchemas.ENDPOINT)))
    public JsonObject resume(@PathParam("name") String name) {
        return audit.change(() -> endpoints.get(name), () -> flow.resume(name));
    }

    /** The endpoint's input queue: maxQueueSize, queuedJobs, freeQueueSize, freeQueueSizeThreshold, state. */
    @GET
    @Path("{name}/queue")
    @APIResponse(responseCode = "200", description = "The endpoint's input queue now.", content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = ApiSchemas.QUEUE)))
    public JsonObject queue(@PathParam("name") String name) {
        return flow.queueView(name);
    }
}
