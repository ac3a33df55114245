package dev.conveyor.common;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.StringReader;

/** JSON text read back: settings, attributes, journals and message bodies are stored or sent as text. */
public final class JsonText {

    private JsonText() {
    }

    /** @throws jakarta.json.JsonException when the text is not a JSON object */
    public static JsonObject object(String text) {
        try (var reader = Json.createReader(new StringReader(text))) {
            return reader.readObject();
        }
    }

    /** @throws jakarta.json.JsonException when the text is not a JSON array */
    public static JsonArray array(String text) {
        try (var reader = Json.createReader(new StringReader(text))) {
            return reader.readArray();
        }
    }

    /** @throws jakarta.json.JsonException when the text is not JSON */
    public static JsonValue value(String text) {
        try (var reader = Json.createReader(new StringReader(text))) {
            return reader.readValue();
        }
    }
}
