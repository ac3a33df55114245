package dev.conveyor.endpoint;

import static dev.conveyor.common.JsonText.JSON;

import dev.conveyor.common.ConveyorException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * How a setting's value reads from and writes to JSON. Reading is strict: a value of the wrong
 * type is refused with an error naming the setting, never coerced or ignored.
 */
public abstract class SettingType<T> {

    public static final SettingType<String> STRING = new SettingType<>("a string") {
        @Override
        public String read(String field, JsonValue json) {
            if (json instanceof JsonString string) {
                return string.getString();
            }
            throw wrongType(field, json);
        }

        @Override
        public JsonValue write(String value) {
            return JSON.createValue(value);
        }

        @Override
        public JsonObject schema() {
            return type("string").build();
        }
    };

    public static final SettingType<Boolean> BOOLEAN = new SettingType<>("true or false") {
        @Override
        public Boolean read(String field, JsonValue json) {
            if (json == JsonValue.TRUE || json == JsonValue.FALSE) {
                return json == JsonValue.TRUE;
            }
            throw wrongType(field, json);
        }

        @Override
        public JsonValue write(Boolean value) {
            return value ? JsonValue.TRUE : JsonValue.FALSE;
        }

        @Override
        public JsonObject schema() {
            return type("boolean").build();
        }
    };

    public static final SettingType<Integer> INTEGER = new SettingType<>("a whole number") {
        @Override
        public Integer read(String field, JsonValue json) {
            return Math.toIntExact(wholeNumber(field, json, Integer.MIN_VALUE, Integer.MAX_VALUE));
        }

        @Override
        public JsonValue write(Integer value) {
            return JSON.createValue(value);
        }

        @Override
        public JsonObject schema() {
            return type("integer").add("format", "int32").build();
        }
    };

    public static final SettingType<Long> LONG = new SettingType<>("a whole number") {
        @Override
        public Long read(String field, JsonValue json) {
            return wholeNumber(field, json, Long.MIN_VALUE, Long.MAX_VALUE);
        }

        @Override
        public JsonValue write(Long value) {
            return JSON.createValue(value);
        }

        @Override
        public JsonObject schema() {
            return type("integer").add("format", "int64").build();
        }
    };

    /** {@code {"<parameter>": {"type": "literal" | "variable", "value": "..."}}} */
    public static final SettingType<Map<String, InputMapping>> INPUT_MAPPINGS =
            new SettingType<>("an object of {\"type\": \"literal\" | \"variable\", \"value\": \"...\"} by parameter name") {
        @Override
        public Map<String, InputMapping> read(String field, JsonValue json) {
            Map<String, InputMapping> mappings = new LinkedHashMap<>();
            for (var entry : object(field, json).entrySet()) {
                String where = field + "." + entry.getKey();
                JsonObject mapping = object(where, entry.getValue());
                for (String key : mapping.keySet()) {
                    if (!key.equals("type") && !key.equals("value")) {
                        throw ConveyorException.invalidField(where, "unknown key '" + key + "'; a mapping has 'type' and 'value'");
                    }
                }
                String type = STRING.read(where + ".type", required(where, mapping, "type"));
                String value = STRING.read(where + ".value", required(where, mapping, "value"));
                mappings.put(entry.getKey(), new InputMapping(InputMapping.Kind.parse(where + ".type", type), value));
            }
            return Map.copyOf(mappings);
        }

        @Override
        public JsonValue write(Map<String, InputMapping> value) {
            JsonObjectBuilder object = JSON.createObjectBuilder();
            value.forEach((name, mapping) -> object.add(name, JSON.createObjectBuilder()
                    .add("type", mapping.kind().jsonName()).add("value", mapping.value())));
            return object.build();
        }

        @Override
        public JsonObject schema() {
            return type("object").add("additionalProperties", type("object")
                    .add("required", JSON.createArrayBuilder().add("type").add("value"))
                    .add("properties", JSON.createObjectBuilder()
                            .add("type", type("string").add("enum", JSON.createArrayBuilder().add("literal").add("variable")))
                            .add("value", type("string"))))
                    .build();
        }
    };

    /** {@code {"<output parameter>": "<pattern such as %F.txt or out/>"}} */
    public static final SettingType<Map<String, String>> OUTPUT_MAPPINGS =
            new SettingType<>("an object of file-name patterns by output parameter name") {
        @Override
        public Map<String, String> read(String field, JsonValue json) {
            Map<String, String> mappings = new LinkedHashMap<>();
            for (var entry : object(field, json).entrySet()) {
                mappings.put(entry.getKey(), STRING.read(field + "." + entry.getKey(), entry.getValue()));
            }
            return Map.copyOf(mappings);
        }

        @Override
        public JsonValue write(Map<String, String> value) {
            JsonObjectBuilder object = JSON.createObjectBuilder();
            value.forEach(object::add);
            return object.build();
        }

        @Override
        public JsonObject schema() {
            return type("object").add("additionalProperties", type("string")).build();
        }
    };

    private final String expected;

    private SettingType(String expected) {
        this.expected = expected;
    }

    /**
     * An optional setting that is a JSON object, read and written by the capability that owns it;
     * absent or JSON null is "none".
     */
    public static <T> SettingType<Optional<T>> optionalObject(String expected, BiFunction<String, JsonObject, T> reader,
                                                              Function<T, JsonValue> writer) {
        return new SettingType<>(expected) {
            @Override
            public Optional<T> read(String field, JsonValue json) {
                return Optional.of(reader.apply(field, object(field, json)));
            }

            @Override
            public JsonValue write(Optional<T> value) {
                return value.map(writer).orElse(JsonValue.NULL);
            }

            @Override
            public JsonObject schema() {
                return type("object").add("nullable", true).build();
            }
        };
    }

    /** Reads a value strictly, naming {@code field} when it is of the wrong type. */
    public abstract T read(String field, JsonValue json);

    public abstract JsonValue write(T value);

    /** The JSON Schema of the values {@link #read} accepts, for the API's OpenAPI document. */
    public abstract JsonObject schema();

    private static JsonObjectBuilder type(String type) {
        return JSON.createObjectBuilder().add("type", type);
    }

    ConveyorException wrongType(String field, JsonValue json) {
        return ConveyorException.invalidField(field, "must be " + expected + ", was " + json);
    }

    long wholeNumber(String field, JsonValue json, long min, long max) {
        if (json instanceof JsonNumber number && number.isIntegral()) {
            try {
                long value = number.longValueExact();
                if (value >= min && value <= max) {
                    return value;
                }
            } catch (ArithmeticException tooLarge) {
                // reported below
            }
            throw ConveyorException.invalidField(field, "is out of range: " + json);
        }
        throw wrongType(field, json);
    }

    JsonObject object(String field, JsonValue json) {
        if (json instanceof JsonObject object) {
            return object;
        }
        throw wrongType(field, json);
    }

    static JsonValue required(String field, JsonObject object, String key) {
        JsonValue value = object.get(key);
        if (value == null || value == JsonValue.NULL) {
            throw ConveyorException.invalidField(field + "." + key, "is required");
        }
        return value;
    }
}
