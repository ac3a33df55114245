package dev.conveyor.web.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.ws.rs.sse.OutboundSseEvent;
import jakarta.ws.rs.sse.SseEventSink;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

/** A console that went away stops counting once a write to it fails, so the last one leaving stops the change check. */
class OpenStreamsTest {

    /** A stream whose writes succeed until its console goes away; Jersey's then fail without throwing. */
    private static final class Stream implements SseEventSink {
        boolean gone;
        boolean closed;
        int received;

        @Override
        public boolean isClosed() {
            return closed;
        }

        @Override
        public CompletionStage<?> send(OutboundSseEvent event) {
            if (gone) {
                return CompletableFuture.failedFuture(new IOException("Broken pipe"));
            }
            received++;
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    @Test
    void aStreamWhoseWriteFailsIsClosedAndNoLongerCounts() {
        OpenStreams streams = new OpenStreams();
        Stream staying = new Stream();
        Stream leaving = new Stream();
        streams.add(staying);
        streams.add(leaving);
        streams.send(null);
        assertEquals(1, leaving.received);

        leaving.gone = true;
        assertTrue(streams.any(), "a console that left counts until a write to it fails");
        streams.send(null);
        assertTrue(leaving.closed);
        streams.send(null);
        assertEquals(1, leaving.received);
        assertEquals(3, staying.received);
        assertTrue(streams.any());

        staying.gone = true;
        streams.send(null);
        assertFalse(streams.any(), "the last console has left");
    }

    @Test
    void aStreamClosedElsewhereNoLongerCountsNorReceives() {
        OpenStreams streams = new OpenStreams();
        Stream stream = new Stream();
        streams.add(stream);
        stream.close();
        assertFalse(streams.any());
        streams.send(null);
        assertEquals(0, stream.received);
    }
}
