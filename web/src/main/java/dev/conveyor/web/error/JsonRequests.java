package dev.conveyor.web.error;

import dev.conveyor.common.ConveyorException;
import dev.conveyor.common.MessageId;
import jakarta.json.Json;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.stream.JsonParser;
import java.io.StringReader;
import java.util.Locale;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reading request bodies strictly: a field of the wrong type or a field nobody knows (often a
 * typo that would otherwise be silently ignored) is a 400 naming the field.
 */
public final class JsonRequests {

    private JsonRequests() {
    }

    public static JsonObject object(String body, Set<String> knownFields) {
        JsonObject object;
        // A parser rather than a JsonReader: the reader stops after the first value and would
        // silently ignore whatever follows it ({"a":1} garbage, or two objects in one body).
        try (JsonParser parser = Json.createParser(new StringReader(body == null ? "" : body))) {
            parser.next();
            JsonValue value = parser.getValue();
            if (parser.hasNext()) {
                throw new ConveyorException(MessageId.MALFORMED_REQUEST, "more follows the first JSON value");
            }
            if (value.getValueType() != JsonValue.ValueType.OBJECT) {
                throw new ConveyorException(MessageId.MALFORMED_REQUEST, "found " + value.getValueType().name().toLowerCase(Locale.ROOT));
            }
            object = value.asJsonObject();
        } catch (JsonException | NoSuchElementException e) {
            throw new ConveyorException(MessageId.MALFORMED_REQUEST, e.getMessage());
        }
        for (String field : object.keySet()) {
            if (!knownFields.contains(field)) {
                throw ConveyorException.invalidField(field, "unknown field; known fields: " + new TreeSet<>(knownFields));
            }
        }
        return object;
    }

    public static String string(JsonObject object, String field) {
        JsonValue value = present(object, field);
        if (value == null) {
            return null;
        }
        if (value instanceof JsonString string) {
            return string.getString();
        }
        throw ConveyorException.invalidField(field, "must be a string, was " + value);
    }

    public static Integer integer(JsonObject object, String field) {
        JsonValue value = present(object, field);
        if (value == null) {
            return null;
        }
        if (value instanceof JsonNumber number && number.isIntegral()) {
            try {
                return number.intValueExact();
            } catch (ArithmeticException tooLarge) {
                throw ConveyorException.invalidField(field, "is out of range: " + value);
            }
        }
        throw ConveyorException.invalidField(field, "must be a whole number, was " + value);
    }

    public static Boolean bool(JsonObject object, String field) {
        JsonValue value = present(object, field);
        if (value == null) {
            return null;
        }
        if (value == JsonValue.TRUE || value == JsonValue.FALSE) {
            return value == JsonValue.TRUE;
        }
        throw ConveyorException.invalidField(field, "must be true or false, was " + value);
    }

    private static JsonValue present(JsonObject object, String field) {
        JsonValue value = object.get(field);
        return value == null || value == JsonValue.NULL ? null : value;
    }
}
