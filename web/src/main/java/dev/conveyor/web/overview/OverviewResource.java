package dev.conveyor.web.overview;

import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** GET /api/overview: the console's first page in one call (see {@link Overview}). */
@Path("overview")
@Produces(MediaType.APPLICATION_JSON)
public class OverviewResource {

    @Inject
    Overview overview;

    @GET
    public JsonObject get() {
        return overview.now();
    }
}
