package dev.conveyor.web.live;

import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/** GET /api/events: Server-Sent Events, an "overview" event (GET /api/overview's body) whenever it changes. */
@Path("events")
public class EventsResource {

    @Inject
    LiveUpdates live;

    @GET
    @Produces(MediaType.SERVER_SENT_EVENTS)
    @APIResponse(responseCode = "200", description = "An endless stream of overview events, each data line GET /api/overview's body as JSON.", content = @Content(mediaType = MediaType.SERVER_SENT_EVENTS, schema = @Schema(type = SchemaType.STRING)))
    public void subscribe(@Context SseEventSink sink, @Context Sse sse) {
        live.subscribe(sink, sse);
    }
}
