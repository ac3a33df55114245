package dev.conveyor.web.priority;

import static dev.conveyor.common.JsonText.JSON;

import dev.conveyor.common.ConveyorException;
import dev.conveyor.priority.BucketStats;
import dev.conveyor.priority.PriorityRules;
import dev.conveyor.web.error.JsonRequests;
import dev.conveyor.web.openapi.ApiSchemas;
import dev.conveyor.web.security.Audit;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
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
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/** /api/priority-rules: the ranked rules that put new jobs in buckets, the priority switch, and per-bucket figures. */
@Path("priority-rules")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class PriorityRuleResource {

    @Inject
    PriorityRules rules;

    @Inject
    Audit audit;

    @GET
    @APIResponse(responseCode = "200", description = "Every rule, by rank.", content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = ApiSchemas.PRIORITY_RULES)))
    public List<JsonObject> list() {
        return rules.list();
    }

    @POST
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = ApiSchemas.PRIORITY_RULE_CHANGE)))
    @APIResponse(responseCode = "201", description = "Created; Location is its URL.", content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = ApiSchemas.PRIORITY_RULE)))
    public Response create(String body, @Context UriInfo uri) {
        return audit.change(null, () -> {
            JsonObject created = rules.create(JsonRequests.object(body));
            return Response.created(uri.getAbsolutePathBuilder().path(created.getString("id")).build()).entity(created).build();
        });
    }

    @GET
    @Path("{id}")
    @APIResponse(responseCode = "200", description = "The rule.", content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = ApiSchemas.PRIORITY_RULE)))
    public JsonObject get(@PathParam("id") String id) {
        return rules.get(id);
    }

    /** Changes the fields given; a new rank moves the rule and renumbers the others. */
    @PUT
    @Path("{id}")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = ApiSchemas.PRIORITY_RULE_CHANGE)))
    @APIResponse(responseCode = "200", description = "The rule with the change.", content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = ApiSchemas.PRIORITY_RULE)))
    public JsonObject update(@PathParam("id") String id, String body) {
        return audit.change(() -> rules.get(id), () -> rules.update(id, JsonRequests.object(body)));
    }

    @DELETE
    @Path("{id}")
    @APIResponse(responseCode = "204", description = "Removed.")
    public Response delete(@PathParam("id") String id) {
        audit.change(() -> rules.get(id), () -> rules.delete(id));
        return Response.noContent().build();
    }

    /** {"ids": [...]}: every rule's id, highest rank first. */
    @PUT
    @Path("ranks")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = ApiSchemas.RULE_RANKS)))
    @APIResponse(responseCode = "200", description = "Every rule, by its new rank.", content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = ApiSchemas.PRIORITY_RULES)))
    public List<JsonObject> reorder(String body) {
        JsonValue ids = JsonRequests.object(body).get("ids");
        if (!(ids instanceof JsonArray array)) {
            throw ConveyorException.invalidField("ids", "must be an array of every rule's id, highest rank first");
        }
        return audit.change(rules::list, () -> rules.reorder(array));
    }

    /** Puts every waiting job in its bucket by the rules as they are now. */
    @POST
    @Path("rebucket")
    @APIResponse(responseCode = "200", description = "How many waiting jobs changed bucket.", content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = ApiSchemas.REBUCKETED)))
    public JsonObject rebucket() {
        return audit.change(null, () -> JSON.createObjectBuilder().add("rebucketed", rules.rebucket()).build());
    }

    @GET
    @Path("stats")
    @APIResponse(responseCode = "200", description = "Each bucket's figures now.", content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = ApiSchemas.BUCKET_STATS)))
    public List<BucketStats> stats() {
        return rules.stats(Instant.now());
    }

    /** {"enabled": ..., "recentWindowSeconds": ..., "defaultShare": ...}: enabled is conveyor.priority.enabled. */
    @GET
    @Path("settings")
    @APIResponse(responseCode = "200", description = "The priority settings.", content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = ApiSchemas.PRIORITY_SETTINGS)))
    public JsonObject settings() {
        return rules.settingsJson();
    }

    @PUT
    @Path("settings")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = ApiSchemas.PRIORITY_SETTINGS)))
    @APIResponse(responseCode = "200", description = "The priority settings with the change.", content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = ApiSchemas.PRIORITY_SETTINGS)))
    public JsonObject updateSettings(String body) {
        return audit.change(rules::settingsJson, () -> rules.updateSettings(JsonRequests.object(body)));
    }
}
