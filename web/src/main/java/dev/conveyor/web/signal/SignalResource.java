package dev.conveyor.web.signal;

import dev.conveyor.signal.NotifyRequest;
import dev.conveyor.signal.SignalService;
import dev.conveyor.signal.SignalView;
import dev.conveyor.web.error.JsonRequests;
import dev.conveyor.web.openapi.ApiSchemas;
import dev.conveyor.web.security.Audit;
import jakarta.ejb.EJBException;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/** /api/signals/{id}: release signals, notified, read and cleared from outside. */
@Path("signals/{id}")
@Produces(MediaType.APPLICATION_JSON)
public class SignalResource {

    private static final int CONFLICT_ATTEMPTS = 10;

    @Inject
    SignalService signals;

    @Inject
    Audit audit;

    /** Adds {@code delta} (default 1) to {@code counterName} (default "default"); jobs the count lets go are released. */
    @POST
    @Consumes({MediaType.APPLICATION_JSON, MediaType.WILDCARD})
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = ApiSchemas.NOTIFY)))
    public SignalView notify(@PathParam("id") String id, String body) {
        JsonObject request = body == null || body.isBlank() ? JsonObject.EMPTY_JSON_OBJECT : JsonRequests.object(body);
        NotifyRequest notify = NotifyRequest.parse(request);
        SignalService.checkId(id);
        return audit.change(() -> signals.get(id), () -> notifyRetryingRaces(id, notify));
    }

    private SignalView notifyRetryingRaces(String id, NotifyRequest notify) {
        for (int attempt = 1; ; attempt++) {
            try {
                return signals.notify(id, notify.counterName(), notify.delta(), notify.attributes());
            } catch (EJBException raced) {
                // A notify that created or changed the signal at the same moment won (see Signal's version):
                // the next attempt starts from its row.
                if (attempt == CONFLICT_ATTEMPTS) {
                    throw raced;
                }
            }
        }
    }

    @GET
    public SignalView get(@PathParam("id") String id) {
        return signals.get(id);
    }

    @DELETE
    @APIResponse(responseCode = "204", description = "Cleared.")
    public void delete(@PathParam("id") String id) {
        audit.change(() -> signals.get(id), () -> signals.delete(id));
    }
}
