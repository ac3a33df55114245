package dev.conveyor.web.live;

import jakarta.ws.rs.sse.OutboundSseEvent;
import jakarta.ws.rs.sse.SseEventSink;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The event streams of the consoles connected now. A stream counts until it is closed or a write
 * to it fails, which is how a console that went away shows itself (its connection is gone). Kept
 * here rather than in JAX-RS's SseBroadcaster: Jersey's broadcaster neither drops a stream whose
 * write failed nor tells its close listeners, so it could not say when the last console left, and
 * the change check went on for good after the first console had come and gone.
 */
final class OpenStreams {

    private final Set<SseEventSink> streams = ConcurrentHashMap.newKeySet();

    void add(SseEventSink stream) {
        streams.add(stream);
    }

    /** Sends the event to every open stream; a stream whose write fails is closed and forgotten. */
    void send(OutboundSseEvent event) {
        for (SseEventSink stream : streams) {
            if (stream.isClosed()) {
                streams.remove(stream);
                continue;
            }
            stream.send(event).whenComplete((sent, failed) -> {
                if (failed != null) {
                    streams.remove(stream);
                    stream.close();
                }
            });
        }
    }

    /** Whether any console is still connected, as far as the last writes could tell. */
    boolean any() {
        streams.removeIf(SseEventSink::isClosed);
        return !streams.isEmpty();
    }

    void closeAll() {
        streams.forEach(SseEventSink::close);
        streams.clear();
    }
}
