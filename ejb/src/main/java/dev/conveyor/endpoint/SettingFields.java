package dev.conveyor.endpoint;

import dev.conveyor.common.Durations;
import dev.conveyor.common.ConveyorException;
import dev.conveyor.expression.AttributeExpression;
import dev.conveyor.expression.InvalidExpressionException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * Strict reading of a setting that is an object ({@code wait}, {@code notify}): every key must be
 * known, every value of its kind, and each refusal names the field as {@code setting.key}.
 */
public final class SettingFields {

    private final String field;
    private final JsonObject object;

    public SettingFields(String field, JsonObject object, Set<String> keys) {
        this.field = field;
        this.object = object;
        for (String key : object.keySet()) {
            if (!keys.contains(key)) {
                throw ConveyorException.invalidField(field + "." + key, "unknown key; known keys: " + new TreeSet<>(keys));
            }
        }
    }

    public String string(String key, String absent) {
        JsonValue value = value(key);
        return value == null ? absent : SettingType.STRING.read(field + "." + key, value);
    }

    public String required(String key) {
        String value = string(key, "");
        if (value.isBlank()) {
            throw ConveyorException.invalidField(field + "." + key, "is required");
        }
        return value;
    }

    /** A string or number, parsed as an expression over job attributes. */
    public AttributeExpression expression(String key, String absent) {
        JsonValue value = value(key);
        String text = value instanceof JsonNumber number ? number.toString() : string(key, absent);
        try {
            return AttributeExpression.parse(text);
        } catch (InvalidExpressionException e) {
            throw ConveyorException.invalidField(field + "." + key, e.getMessage());
        }
    }

    public int integer(String key, int absent, int minimum) {
        JsonValue value = value(key);
        int number = value == null ? absent : SettingType.INTEGER.read(field + "." + key, value);
        if (number < minimum) {
            throw ConveyorException.invalidField(field + "." + key, "must be at least " + minimum + ", was " + number);
        }
        return number;
    }

    /** Milliseconds as a number, or text such as "10 min", "30 s", "500 ms", "PT1H". */
    public Duration duration(String key, Duration absent) {
        JsonValue value = value(key);
        if (value == null) {
            return absent;
        }
        String where = field + "." + key;
        try {
            Duration duration = value instanceof JsonNumber number
                    ? Duration.ofMillis(SettingType.LONG.read(where, number))
                    : Durations.parse(SettingType.STRING.read(where, value));
            if (duration.isNegative()) {
                throw new IllegalArgumentException("must not be negative");
            }
            return duration;
        } catch (IllegalArgumentException e) {
            throw ConveyorException.invalidField(where, e.getMessage());
        }
    }

    /** One of {@code choices}, written in any case. */
    public String choice(String key, String absent, Set<String> choices) {
        String value = string(key, absent).toLowerCase(Locale.ROOT);
        if (!choices.contains(value)) {
            throw ConveyorException.invalidField(field + "." + key, "must be one of " + new TreeSet<>(choices) + ", was '" + value + "'");
        }
        return value;
    }

    private JsonValue value(String key) {
        JsonValue value = object.get(key);
        return value == null || value == JsonValue.NULL ? null : value;
    }
}
