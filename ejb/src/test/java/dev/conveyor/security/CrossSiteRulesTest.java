package dev.conveyor.security;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.conveyor.common.ConveyorException;
import dev.conveyor.common.MessageId;
import java.util.List;
import org.junit.jupiter.api.Test;

class CrossSiteRulesTest {

    private static final String OWN = "http://localhost:8080";

    private static MessageId refusal(String method, String contentType, boolean body, String origin, List<String> allowed) {
        return assertThrows(ConveyorException.class, () -> CrossSiteRules.check(method, contentType, body, origin, OWN, allowed)).id();
    }

    @Test
    void aForeignOriginCannotChangeAnything() {
        assertEquals(MessageId.FOREIGN_ORIGIN, refusal("POST", "application/json", true, "https://evil.example", List.of()));
        assertEquals(MessageId.FOREIGN_ORIGIN, refusal("DELETE", null, false, "null", List.of()));
        assertEquals(MessageId.FOREIGN_ORIGIN, refusal("PUT", "application/json", true, "http://localhost:8081", List.of()));
    }

    @Test
    void aSimpleBrowserBodyIsRefused() {
        assertEquals(MessageId.NOT_JSON, refusal("POST", "text/plain", true, null, List.of()));
        assertEquals(MessageId.NOT_JSON, refusal("POST", "application/x-www-form-urlencoded", true, OWN, List.of()));
        assertEquals(MessageId.NOT_JSON, refusal("PUT", null, true, null, List.of()));
    }

    @Test
    void programsTheOwnOriginAndConfiguredOriginsPass() {
        assertDoesNotThrow(() -> CrossSiteRules.check("POST", "application/json; charset=UTF-8", true, null, OWN, List.of()));
        assertDoesNotThrow(() -> CrossSiteRules.check("POST", null, false, null, OWN, List.of()));
        assertDoesNotThrow(() -> CrossSiteRules.check("POST", "text/plain", false, OWN, OWN, List.of()));
        assertDoesNotThrow(() -> CrossSiteRules.check("PUT", "application/json", true, "https://console.example.com", OWN,
                List.of("https://console.example.com")));
    }

    @Test
    void readsAreNotConcerned() {
        assertDoesNotThrow(() -> CrossSiteRules.check("GET", "text/plain", true, "https://evil.example", OWN, List.of()));
    }
}
