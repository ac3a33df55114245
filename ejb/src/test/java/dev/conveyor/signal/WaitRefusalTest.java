package dev.conveyor.signal;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.common.JsonText;
import dev.conveyor.endpoint.WaitSpec;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WaitRefusalTest {

    private static WaitSpec wait(String text) {
        return WaitSpec.SETTING_TYPE.read("wait", JsonText.object(text)).orElseThrow();
    }

    @Test
    void aJobCannotWaitWithoutASignalIdOrWithCountsThatAreNotNumbers() {
        Map<String, String> job = Map.of("file.baseName", "order-7", "pages", "twenty");
        assertTrue(WaitingRoom.refusal(wait("{\"releaseSignalId\":\"${file.baseName}\"}"), job).isEmpty());
        assertTrue(WaitingRoom.refusal(wait("{\"releaseSignalId\":\"${customer}\"}"), job).orElseThrow().startsWith("CNV-5001-E"));
        assertTrue(WaitingRoom.refusal(wait("{\"releaseSignalId\":\"x\",\"targetSignalCount\":\"${pages}\"}"), job)
                .orElseThrow().startsWith("CNV-5003-E"));
        assertTrue(WaitingRoom.refusal(wait("{\"releaseSignalId\":\"x\",\"releasableCount\":\"-1\"}"), job)
                .orElseThrow().contains("negative"));
        assertTrue(WaitingRoom.refusal(wait("{\"releaseSignalId\":\"" + "x".repeat(300) + "\"}"), job)
                .orElseThrow().startsWith("CNV-5002-E"));
    }
}
