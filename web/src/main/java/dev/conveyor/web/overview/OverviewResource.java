package dev.conveyor.web.overview;

import dev.conveyor.web.openapi.ApiSchemas;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/** GET /api/overview: the console's first page in one call (see {@link Overview}). */
@Path("overview")
@Produces(MediaType.APPLICATION_JSON)
public class OverviewResource {

    @Inject
    Overview overview;

    @GET
    @APIResponse(responseCode = "200", description = "The overview now.", content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = ApiSchemas.OVERVIEW)))
    public JsonObject get() {
        return overview.now();
    }
}
