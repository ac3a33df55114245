package dev.conveyor.web.signal;

import dev.conveyor.signal.SignalService;
import dev.conveyor.signal.WaitingGroup;
import dev.conveyor.web.openapi.ApiSchemas;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/** GET /api/signals: the waiting jobs grouped by signal id and endpoint, longest waiting first. */
@Path("signals")
@Produces(MediaType.APPLICATION_JSON)
public class WaitingResource {

    static final int MAX_GROUPS = 500;

    @Inject
    SignalService signals;

    @GET
    @APIResponse(responseCode = "200", description = "The waiting jobs by signal and endpoint.", content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = ApiSchemas.WAITING_GROUPS)))
    public List<WaitingGroup> waiting() {
        return signals.waitingGroups(MAX_GROUPS);
    }
}
