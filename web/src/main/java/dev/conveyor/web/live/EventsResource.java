package dev.conveyor.web.live;

import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;

/** GET /api/events: Server-Sent Events, an "overview" event (GET /api/overview's body) whenever it changes. */
@Path("events")
public class EventsResource {

    @Inject
    LiveUpdates live;

    @GET
    @Produces(MediaType.SERVER_SENT_EVENTS)
    public void subscribe(@Context SseEventSink sink, @Context Sse sse) {
        live.subscribe(sink, sse);
    }
}
