package dev.conveyor.web.security;

import dev.conveyor.security.UserDirectory;
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
    public List<JsonObject> list() {
        return users.list();
    }

    /** {"name": ..., "role": "admin" | "operator" | "viewer", "password": ...}. */
    @POST
    public Response create(String body, @Context UriInfo uri) {
        return audit.change(null, () -> {
            JsonObject created = users.create(JsonRequests.object(body));
            return Response.created(uri.getAbsolutePathBuilder().path(created.getString("name")).build()).entity(created).build();
        });
    }

    @GET
    @Path("{name}")
    public JsonObject get(@PathParam("name") String name) {
        return users.get(name);
    }

    /** Changes the role or the password given. */
    @PUT
    @Path("{name}")
    public JsonObject update(@PathParam("name") String name, String body) {
        return audit.change(() -> users.get(name), () -> users.update(name, JsonRequests.object(body)));
    }

    @DELETE
    @Path("{name}")
    public Response delete(@PathParam("name") String name) {
        audit.change(() -> users.get(name), () -> users.delete(name));
        return Response.noContent().build();
    }
}
