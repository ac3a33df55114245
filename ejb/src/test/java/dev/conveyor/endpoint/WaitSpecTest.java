package dev.conveyor.endpoint;

import dev.conveyor.common.JsonText;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.conveyor.common.ConveyorException;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class WaitSpecTest {

    private static WaitSpec wait(String text) {
        return WaitSpec.SETTING_TYPE.read("wait", JsonText.object(text)).orElseThrow();
    }

    private static ConveyorException refused(String text) {
        return assertThrows(ConveyorException.class, () -> wait(text));
    }

    @Test
    void defaultsFollowTheSeed() {
        WaitSpec wait = wait("{\"releaseSignalId\":\"${file.baseName}\"}");
        assertEquals("1", wait.targetSignalCount().toString());
        assertEquals("1", wait.releasableCount().toString());
        assertEquals("", wait.signalCounterName());
        assertEquals(Duration.ofMinutes(10), wait.expiration());
        assertEquals("expired/%Y/%M/%D/", wait.expiredFolder());
        assertFalse(wait.keepOrder());
        assertEquals(Duration.ZERO, wait.penalty());
        assertFalse(wait.replaceAttributes());
    }

    @Test
    void writtenAsReadAndReadAgainItIsTheSame() {
        WaitSpec wait = wait("{\"releaseSignalId\":\"${fragment.identifier}\",\"targetSignalCount\":\"${fragment.count}\","
                + "\"releasableCount\":0,\"expirationDuration\":90000,\"waitMode\":\"KEEP\",\"waitPenaltyDuration\":\"PT30S\","
                + "\"waitBufferCount\":7,\"attributeCopyMode\":\"replace\",\"signalCounterName\":\"pages\"}");
        JsonObject written = WaitSpec.SETTING_TYPE.write(Optional.of(wait)).asJsonObject();
        assertEquals("90 s", written.getString("expirationDuration"));
        assertEquals("30 s", written.getString("waitPenaltyDuration"));
        assertEquals("keep", written.getString("waitMode"));
        assertEquals(wait, wait(written.toString()));
    }

    @Test
    void badSettingsAreRefusedNamingTheKey() {
        assertEquals("wait.releaseSignalId", refused("{}").field());
        assertEquals("wait.targetSignalCount", refused("{\"releaseSignalId\":\"a\",\"targetSignalCount\":\"${1 +}\"}").field());
        assertEquals("wait.waitMode", refused("{\"releaseSignalId\":\"a\",\"waitMode\":\"hold\"}").field());
        assertEquals("wait.expirationDuration", refused("{\"releaseSignalId\":\"a\",\"expirationDuration\":\"ten minutes\"}").field());
        assertEquals("wait.waitBufferCount", refused("{\"releaseSignalId\":\"a\",\"waitBufferCount\":0}").field());
        assertEquals("wait.releaseSignalID", refused("{\"releaseSignalID\":\"a\"}").field());
    }
}
