package dev.conveyor.web.error;

import static dev.conveyor.common.JsonText.JSON;

import dev.conveyor.common.ConveyorException;
import dev.conveyor.common.MessageId;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import jakarta.json.stream.JsonParser;
import java.io.StringReader;
import java.util.Locale;
import java.util.NoSuchElementException;

/**
 * Reading request bodies strictly: a body must be exactly one JSON object. What its fields may
 * be is checked by whoever reads them (endpoint settings, signals...), naming the field.
 */
public final class JsonRequests {

    private JsonRequests() {
    }

    public static JsonObject object(String body) {
        // A parser rather than a JsonReader: the reader stops after the first value and would
        // silently ignore whatever follows it ({"a":1} garbage, or two objects in one body).
        try (JsonParser parser = JSON.createParser(new StringReader(body == null ? "" : body))) {
            parser.next();
            JsonValue value = parser.getValue();
            if (parser.hasNext()) {
                throw new ConveyorException(MessageId.MALFORMED_REQUEST, "more follows the first JSON value");
            }
            if (value.getValueType() != JsonValue.ValueType.OBJECT) {
                throw new ConveyorException(MessageId.MALFORMED_REQUEST, "found " + value.getValueType().name().toLowerCase(Locale.ROOT));
            }
            return value.asJsonObject();
        } catch (JsonException | NoSuchElementException e) {
            throw new ConveyorException(MessageId.MALFORMED_REQUEST, e.getMessage());
        }
    }
}
