package dev.conveyor.common;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;
import java.io.StringReader;

/** JSON text read back: settings, attributes, journals and message bodies are stored or sent as text. */
public final class JsonText {

    /**
     * The one JSON-P provider. {@code Json.createReader} and its siblings look the provider up
     * through the service loader on every call, which scans the application's jars: it was a
     * fifth of the CPU per job in a profile. Providers are thread-safe; this one is looked up once.
     */
    public static final JsonProvider JSON = JsonProvider.provider();

    private JsonText() {
    }

    /** @throws jakarta.json.JsonException when the text is not a JSON object */
    public static JsonObject object(String text) {
        try (var reader = JSON.createReader(new StringReader(text))) {
            return reader.readObject();
        }
    }

    /** @throws jakarta.json.JsonException when the text is not a JSON array */
    public static JsonArray array(String text) {
        try (var reader = JSON.createReader(new StringReader(text))) {
            return reader.readArray();
        }
    }

    /** @throws jakarta.json.JsonException when the text is not JSON */
    public static JsonValue value(String text) {
        try (var reader = JSON.createReader(new StringReader(text))) {
            return reader.readValue();
        }
    }
}
