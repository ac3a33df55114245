package dev.conveyor.web.error;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.common.ConveyorException;
import dev.conveyor.common.MessageId;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Only the body's shape is checked here; which fields it may hold is the reader's business (SettingValuesTest). */
class JsonRequestsTest {

    private static ConveyorException malformed(String body) {
        ConveyorException e = assertThrows(ConveyorException.class, () -> JsonRequests.object(body));
        assertEquals(MessageId.MALFORMED_REQUEST, e.id());
        assertNull(e.field());
        assertTrue(e.getMessage().startsWith("The request body is not a JSON object: "), e.getMessage());
        return e;
    }

    @Test
    void objectIsReadWithItsFieldsInOrder() {
        JsonObject json = JsonRequests.object("{\"name\":\"invoices\",\"batchSize\":5,\"asynchronous\":false,\"x\":null}");
        assertEquals(List.of("name", "batchSize", "asynchronous", "x"), List.copyOf(json.keySet()));
        assertEquals("invoices", json.getString("name"));
        assertEquals(5, json.getInt("batchSize"));
        assertEquals(JsonValue.FALSE, json.get("asynchronous"));
        assertEquals(JsonValue.NULL, json.get("x"));
    }

    @Test
    void anyFieldNameIsLeftForTheReaderToJudge() {
        assertEquals(5, JsonRequests.object("{\"bachSize\":5}").getInt("bachSize"));
    }

    @Test
    void emptyObjectIsAccepted() {
        assertEquals(0, JsonRequests.object(" {} ").size());
    }

    @Test
    void surroundingWhitespaceIsAccepted() {
        assertEquals(1, JsonRequests.object("\n\t {\"a\":1} \r\n").size());
    }

    @ParameterizedTest
    @ValueSource(strings = {"{", "{\"name\":}", "{name:\"a\"}", "{\"name\":\"a\",}", "not json", "{'name':'a'}"})
    void malformedJsonIsRefused(String body) {
        malformed(body);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   "})
    void emptyBodyIsRefused(String body) {
        malformed(body);
    }

    @Test
    void missingBodyIsRefused() {
        malformed(null);
    }

    @ParameterizedTest
    @ValueSource(strings = {"{} x", "{\"name\":\"a\"}{\"name\":\"b\"}", "{\"name\":\"a\"} {}", "{} []"})
    void contentAfterTheObjectIsRefused(String body) {
        malformed(body);
    }

    @Test
    void nonObjectsAreRefusedSayingWhatWasFound() {
        assertTrue(malformed("[1,2]").getMessage().endsWith(": found array"));
        assertTrue(malformed("42").getMessage().endsWith(": found number"));
        assertTrue(malformed("\"text\"").getMessage().endsWith(": found string"));
        assertTrue(malformed("true").getMessage().endsWith(": found true"));
        assertTrue(malformed("null").getMessage().endsWith(": found null"));
    }
}
