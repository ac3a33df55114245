package dev.conveyor.web.error;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.common.ConveyorException;
import dev.conveyor.common.MessageId;
import jakarta.json.JsonObject;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class JsonRequestsTest {

    private static final Set<String> FIELDS = Set.of("name", "batchSize", "asynchronous");

    private static JsonObject object(String body) {
        return JsonRequests.object(body, FIELDS);
    }

    private static ConveyorException malformed(String body) {
        ConveyorException e = assertThrows(ConveyorException.class, () -> object(body));
        assertEquals(MessageId.MALFORMED_REQUEST, e.id());
        assertNull(e.field());
        assertTrue(e.getMessage().startsWith("The request body is not a JSON object: "), e.getMessage());
        return e;
    }

    private static ConveyorException invalidField(String field, Executable call) {
        ConveyorException e = assertThrows(ConveyorException.class, call);
        assertEquals(MessageId.INVALID_FIELD, e.id());
        assertEquals(field, e.field());
        return e;
    }

    @Test
    void objectWithKnownFieldsIsRead() {
        JsonObject json = object("{\"name\":\"invoices\",\"batchSize\":5,\"asynchronous\":false}");
        assertEquals("invoices", JsonRequests.string(json, "name"));
        assertEquals(5, JsonRequests.integer(json, "batchSize"));
        assertEquals(false, JsonRequests.bool(json, "asynchronous"));
    }

    @Test
    void emptyObjectIsAccepted() {
        assertEquals(0, object(" {} ").size());
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

    @Test
    void unknownFieldIsRefusedByNameListingTheKnownOnes() {
        ConveyorException e = invalidField("bachSize", () -> object("{\"name\":\"a\",\"bachSize\":5}"));
        assertEquals("Field 'bachSize' is invalid: unknown field; known fields: [asynchronous, batchSize, name]", e.getMessage());
    }

    @Test
    void fieldNamesAreCaseSensitive() {
        invalidField("BatchSize", () -> object("{\"BatchSize\":5}"));
    }

    @Test
    void absentAndNullFieldsReadAsNull() {
        JsonObject json = object("{\"name\":null,\"batchSize\":null,\"asynchronous\":null}");
        assertNull(JsonRequests.string(json, "name"));
        assertNull(JsonRequests.integer(json, "batchSize"));
        assertNull(JsonRequests.bool(json, "asynchronous"));
        JsonObject empty = object("{}");
        assertNull(JsonRequests.string(empty, "name"));
        assertNull(JsonRequests.integer(empty, "batchSize"));
        assertNull(JsonRequests.bool(empty, "asynchronous"));
    }

    @Test
    void stringFieldRefusesOtherTypes() {
        JsonObject json = object("{\"name\":5}");
        ConveyorException e = invalidField("name", () -> JsonRequests.string(json, "name"));
        assertEquals("Field 'name' is invalid: must be a string, was 5", e.getMessage());
        invalidField("name", () -> JsonRequests.string(object("{\"name\":true}"), "name"));
        invalidField("name", () -> JsonRequests.string(object("{\"name\":[\"a\"]}"), "name"));
        invalidField("name", () -> JsonRequests.string(object("{\"name\":{}}"), "name"));
    }

    @Test
    void emptyStringIsAStringNotAbsent() {
        assertEquals("", JsonRequests.string(object("{\"name\":\"\"}"), "name"));
    }

    @Test
    void integerFieldRefusesAStringOfDigits() {
        ConveyorException e = invalidField("batchSize", () -> JsonRequests.integer(object("{\"batchSize\":\"5\"}"), "batchSize"));
        assertEquals("Field 'batchSize' is invalid: must be a whole number, was \"5\"", e.getMessage());
    }

    @Test
    void integerFieldRefusesAFraction() {
        ConveyorException e = invalidField("batchSize", () -> JsonRequests.integer(object("{\"batchSize\":1.5}"), "batchSize"));
        assertEquals("Field 'batchSize' is invalid: must be a whole number, was 1.5", e.getMessage());
    }

    @Test
    void integerFieldRefusesBooleans() {
        invalidField("batchSize", () -> JsonRequests.integer(object("{\"batchSize\":true}"), "batchSize"));
    }

    @Test
    void integerFieldRefusesValuesBeyondInt() {
        ConveyorException e = invalidField("batchSize", () -> JsonRequests.integer(object("{\"batchSize\":3000000000}"), "batchSize"));
        assertEquals("Field 'batchSize' is invalid: is out of range: 3000000000", e.getMessage());
    }

    @Test
    void integerFieldTakesNegativesAndTheIntLimits() {
        assertEquals(-5, JsonRequests.integer(object("{\"batchSize\":-5}"), "batchSize"));
        assertEquals(Integer.MAX_VALUE, JsonRequests.integer(object("{\"batchSize\":2147483647}"), "batchSize"));
        assertEquals(Integer.MIN_VALUE, JsonRequests.integer(object("{\"batchSize\":-2147483648}"), "batchSize"));
    }

    @Test
    void booleanFieldRefusesTheStringTrue() {
        ConveyorException e = invalidField("asynchronous", () -> JsonRequests.bool(object("{\"asynchronous\":\"true\"}"), "asynchronous"));
        assertEquals("Field 'asynchronous' is invalid: must be true or false, was \"true\"", e.getMessage());
    }

    @Test
    void booleanFieldRefusesNumbers() {
        invalidField("asynchronous", () -> JsonRequests.bool(object("{\"asynchronous\":1}"), "asynchronous"));
    }

    @Test
    void booleanFieldReadsTrueAndFalse() {
        assertEquals(true, JsonRequests.bool(object("{\"asynchronous\":true}"), "asynchronous"));
        assertEquals(false, JsonRequests.bool(object("{\"asynchronous\":false}"), "asynchronous"));
    }
}
