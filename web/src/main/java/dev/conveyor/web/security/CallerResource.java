package dev.conveyor.web.security;

import static dev.conveyor.common.JsonText.JSON;

import dev.conveyor.security.Role;
import dev.conveyor.web.openapi.ApiSchemas;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.SecurityContext;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/** GET /api/me: who is signed in and with which roles; the console shows or hides its controls by it. */
@Path("me")
@Produces(MediaType.APPLICATION_JSON)
public class CallerResource {

    @GET
    @APIResponse(responseCode = "200", description = "The caller.", content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = ApiSchemas.CALLER)))
    public JsonObject me(@Context SecurityContext caller) {
        JsonArrayBuilder roles = JSON.createArrayBuilder();
        for (Role role : Role.values()) {
            if (caller.isUserInRole(role.roleName())) {
                roles.add(role.roleName());
            }
        }
        return JSON.createObjectBuilder().add("name", caller.getUserPrincipal().getName()).add("roles", roles).build();
    }
}
