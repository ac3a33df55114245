package dev.conveyor.web.priority;

import dev.conveyor.common.ConveyorException;
import dev.conveyor.priority.BucketStats;
import dev.conveyor.priority.PriorityRules;
import dev.conveyor.web.error.JsonRequests;
import dev.conveyor.web.security.Audit;
import jakarta.inject.Inject;
import jakarta.json.Json;
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
    public List<JsonObject> list() {
        return rules.list();
    }

    @POST
    public Response create(String body, @Context UriInfo uri) {
        return audit.change(null, () -> {
            JsonObject created = rules.create(JsonRequests.object(body));
            return Response.created(uri.getAbsolutePathBuilder().path(created.getString("id")).build()).entity(created).build();
        });
    }

    @GET
    @Path("{id}")
    public JsonObject get(@PathParam("id") String id) {
        return rules.get(id);
    }

    /** Changes the fields given; a new rank moves the rule and renumbers the others. */
    @PUT
    @Path("{id}")
    public JsonObject update(@PathParam("id") String id, String body) {
        return audit.change(() -> rules.get(id), () -> rules.update(id, JsonRequests.object(body)));
    }

    @DELETE
    @Path("{id}")
    public Response delete(@PathParam("id") String id) {
        audit.change(() -> rules.get(id), () -> rules.delete(id));
        return Response.noContent().build();
    }

    /** {"ids": [...]}: every rule's id, highest rank first. */
    @PUT
    @Path("ranks")
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
    public JsonObject rebucket() {
        return audit.change(null, () -> Json.createObjectBuilder().add("rebucketed", rules.rebucket()).build());
    }

    @GET
    @Path("stats")
    public List<BucketStats> stats() {
        return rules.stats(Instant.now());
    }

    /** {"enabled": ..., "recentWindowSeconds": ..., "defaultShare": ...}: enabled is conveyor.priority.enabled. */
    @GET
    @Path("settings")
    public JsonObject settings() {
        return rules.settingsJson();
    }

    @PUT
    @Path("settings")
    public JsonObject updateSettings(String body) {
        return audit.change(rules::settingsJson, () -> rules.updateSettings(JsonRequests.object(body)));
    }
}
