package dev.conveyor.web.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import org.junit.jupiter.api.Test;

/** An event goes out when what an operator sees changed, not when only the clock moved. */
class LiveUpdatesTest {

    private static JsonObject overview(String generatedAt, String heartbeat, int succeeded, boolean alive, String databaseDetail) {
        return Json.createReader(new StringReader(("{'generatedAt':'%s','recentMinutes':5,"
                + "'endpoints':[{'name':'pages','state':'ENABLED','queued':0,'succeededRecently':%d}],"
                + "'throughput':[{'minute':1,'succeeded':%d,'failed':0}],'failures':{'count':0,'latest':[]},"
                + "'nodes':[{'id':'n1','heartbeatAt':'%s','alive':%b}],"
                + "'database':{'up':true,'detail':'%s'},'broker':{'up':true,'detail':'2 ms'}}")
                .formatted(generatedAt, succeeded, succeeded, heartbeat, alive, databaseDetail).replace('\'', '"'))).readObject();
    }

    @Test
    void timesHeartbeatsAndMeasuredDurationsDoNotCountAsAChange() {
        assertEquals(LiveUpdates.fingerprint(overview("21:00:00", "20:59:55", 3, true, "4 ms")),
                LiveUpdates.fingerprint(overview("21:00:02", "21:00:01", 3, true, "9 ms")));
    }

    @Test
    void aCountANodeOrAHealthChangeDoes() {
        String before = LiveUpdates.fingerprint(overview("21:00:00", "20:59:55", 3, true, "4 ms"));
        assertNotEquals(before, LiveUpdates.fingerprint(overview("21:00:02", "20:59:55", 4, true, "4 ms")));
        assertNotEquals(before, LiveUpdates.fingerprint(overview("21:00:02", "20:59:55", 3, false, "4 ms")));
    }
}
