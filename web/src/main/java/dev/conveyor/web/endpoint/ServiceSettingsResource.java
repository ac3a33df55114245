package dev.conveyor.web.endpoint;

import dev.conveyor.endpoint.EndpointService;
import dev.conveyor.web.error.JsonRequests;
import dev.conveyor.web.security.Audit;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * /api/settings: the service-wide defaults (the manual's "Watched Folder service" settings) that
 * endpoints take for the settings they leave out.
 */
@Path("settings")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class ServiceSettingsResource {

    @Inject
    EndpointService endpoints;

    @Inject
    Audit audit;

    @GET
    public JsonObject get() {
        return endpoints.serviceSettings();
    }

    /** Changes the defaults given; refused if an endpoint inheriting one would become invalid. */
    @PUT
    public JsonObject update(String body) {
        return audit.change(endpoints::serviceSettings, () -> endpoints.updateServiceSettings(JsonRequests.object(body)));
    }
}
