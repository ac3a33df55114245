package dev.conveyor.web.security;

import dev.conveyor.security.UserDirectory;
import dev.conveyor.web.error.JsonRequests;
import dev.conveyor.web.openapi.ApiSchemas;
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

/** /api/users (admin only): the API's users, their roles and passwords; deploy/run's admin is not among them. */
@Path("users")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class UserResource {

    @Inject
    UserDirectory users;

    @Inject
    Audit audit;

    @GET
    @APIResponse(responseCode = "200", description = "Every user.", content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = ApiSchemas.USERS)))
    public List<JsonObject> list() {
        return users.list();
    }

    /** {"name": ..., "role": "admin" | "operator" | "viewer", "password": ...}. */
    @POST
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = ApiSchemas.NEW_USER)))
    @APIResponse(responseCode = "201", description = "Created; Location is its URL.", content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = ApiSchemas.USER)))
    public Response create(String body, @Context UriInfo uri) {
        return audit.change(null, () -> {
            JsonObject created = users.create(JsonRequests.object(body));
            return Response.created(uri.getAbsolutePathBuilder().path(created.getString("name")).build()).entity(created).build();
        });
    }

    @GET
    @Path("{name}")
    @APIResponse(responseCode = "200", description = "The user.", content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = ApiSchemas.USER)))
    public JsonObject get(@PathParam("name") String name) {
        return users.get(name);
    }

    /** Changes the role or the password given. */
    @PUT
    @Path("{name}")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = ApiSchemas.USER_CHANGE)))
    @APIResponse(responseCode = "200", description = "The user with the change.", content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = ApiSchemas.USER)))
    public JsonObject update(@PathParam("name") String name, String body) {
        return audit.change(() -> users.get(name), () -> users.update(name, JsonRequests.object(body)));
    }

    @DELETE
    @Path("{name}")
    @APIResponse(responseCode = "204", description = "Removed.")
    public Response delete(@PathParam("name") String name) {
        audit.change(() -> users.get(name), () -> users.delete(name));
        return Response.noContent().build();
    }
}
