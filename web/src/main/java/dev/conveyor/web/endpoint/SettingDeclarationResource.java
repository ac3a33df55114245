package dev.conveyor.web.endpoint;

import static dev.conveyor.common.JsonText.JSON;

import dev.conveyor.endpoint.EndpointSettings;
import dev.conveyor.endpoint.Setting;
import dev.conveyor.web.openapi.ApiSchemas;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * /api/endpoint-settings: the endpoint settings as declared in EndpointSettings (the same
 * declarations validation uses), in the manual's groups: name, input kind, required,
 * service-wide, default and description. The console builds its endpoint form from it.
 */
@Path("endpoint-settings")
@Produces(MediaType.APPLICATION_JSON)
public class SettingDeclarationResource {

    @GET
    @APIResponse(responseCode = "200", description = "The endpoint settings by group.", content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = ApiSchemas.SETTING_GROUPS)))
    public JsonArray groups() {
        JsonArrayBuilder groups = JSON.createArrayBuilder();
        for (Map.Entry<String, List<Setting<?>>> group : EndpointSettings.GROUPS.entrySet()) {
            JsonArrayBuilder settings = JSON.createArrayBuilder();
            group.getValue().forEach(setting -> settings.add(declaration(setting)));
            groups.add(JSON.createObjectBuilder().add("group", group.getKey()).add("settings", settings));
        }
        return groups.build();
    }

    private static <T> JsonObjectBuilder declaration(Setting<T> setting) {
        JsonObjectBuilder json = JSON.createObjectBuilder()
                .add("name", setting.name())
                .add("kind", EndpointSettings.inputKind(setting))
                .add("required", setting.required())
                .add("serviceWide", setting.serviceWide())
                .add("description", setting.description());
        if (!setting.required()) {
            json.add("default", setting.type().write(setting.manualDefault()));
        }
        return json;
    }
}
