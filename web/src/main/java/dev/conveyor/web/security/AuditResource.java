package dev.conveyor.web.security;

import dev.conveyor.common.ConveyorException;
import dev.conveyor.common.MessageId;
import dev.conveyor.security.AuditTrail;
import dev.conveyor.web.openapi.ApiSchemas;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/** /api/audit (admin only): the latest changes, newest first; {@code ?limit=} (at most 1000) and {@code ?actor=}. */
@Path("audit")
@Produces(MediaType.APPLICATION_JSON)
public class AuditResource {

    @Inject
    AuditTrail trail;

    @GET
    @APIResponse(responseCode = "200", description = "The latest changes, newest first.", content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = ApiSchemas.AUDIT_ENTRIES)))
    public List<JsonObject> latest(@QueryParam("limit") @DefaultValue("100") String limit, @QueryParam("actor") String actor) {
        int count;
        try {
            count = Integer.parseInt(limit);
        } catch (NumberFormatException e) {
            throw new ConveyorException(MessageId.INVALID_QUERY_PARAMETER, "limit", "must be a whole number from 1 to " + AuditTrail.MAX_ENTRIES_READ);
        }
        if (count < 1 || count > AuditTrail.MAX_ENTRIES_READ) {
            throw new ConveyorException(MessageId.INVALID_QUERY_PARAMETER, "limit", "must be from 1 to " + AuditTrail.MAX_ENTRIES_READ);
        }
        return trail.latest(count, actor);
    }
}
