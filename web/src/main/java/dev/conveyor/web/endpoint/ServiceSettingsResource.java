package dev.conveyor.web.endpoint;

import dev.conveyor.endpoint.EndpointService;
import dev.conveyor.web.error.JsonRequests;
import dev.conveyor.web.openapi.ApiSchemas;
import dev.conveyor.web.security.Audit;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

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
    @APIResponse(responseCode = "200", description = "The service-wide defaults set so far.", content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = ApiSchemas.SERVICE_SETTINGS)))
    public JsonObject get() {
        return endpoints.serviceSettings();
    }

    /** Changes the defaults given; refused if an endpoint inheriting one would become invalid. */
    @PUT
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = ApiSchemas.SERVICE_SETTINGS)))
    @APIResponse(responseCode = "200", description = "The service-wide defaults with the change.", content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = ApiSchemas.SERVICE_SETTINGS)))
    public JsonObject update(String body) {
        return audit.change(endpoints::serviceSettings, () -> endpoints.updateServiceSettings(JsonRequests.object(body)));
    }
}
