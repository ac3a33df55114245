package dev.conveyor.signal;

import dev.conveyor.common.ConveyorException;
import dev.conveyor.job.JobAttributes;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A notify from outside, as the admin API and the signal queue take it:
 * {@code {"counterName": "default", "delta": 1, "attributes": {"name": "value"}}}, every key optional.
 */
public record NotifyRequest(String counterName, long delta, Map<String, String> attributes) {

    private static final Set<String> KEYS = Set.of("counterName", "delta", "attributes");

    /** Reads a request strictly; a wrong key or value is refused naming the field. */
    public static NotifyRequest parse(JsonObject body) {
        for (String key : body.keySet()) {
            if (!KEYS.contains(key)) {
                throw ConveyorException.invalidField(key, "unknown field; a notify has " + new TreeSet<>(KEYS));
            }
        }
        String counterName = SignalService.DEFAULT_COUNTER;
        JsonValue counter = body.get("counterName");
        if (counter != null && counter != JsonValue.NULL) {
            if (!(counter instanceof JsonString text) || text.getString().isBlank()) {
                throw ConveyorException.invalidField("counterName", "must be a non-empty string, was " + counter);
            }
            counterName = text.getString();
        }
        long delta = 1;
        JsonValue given = body.get("delta");
        if (given != null && given != JsonValue.NULL) {
            if (!(given instanceof JsonNumber number) || !number.isIntegral()) {
                throw ConveyorException.invalidField("delta", "must be a whole number, was " + given);
            }
            try {
                delta = number.longValueExact();
            } catch (ArithmeticException e) {
                throw ConveyorException.invalidField("delta", "is out of range: " + given);
            }
        }
        return new NotifyRequest(counterName, delta, attributes(body.get("attributes")));
    }

    private static Map<String, String> attributes(JsonValue json) {
        Map<String, String> attributes = new LinkedHashMap<>();
        if (json == null || json == JsonValue.NULL) {
            return attributes;
        }
        if (!(json instanceof JsonObject object)) {
            throw ConveyorException.invalidField("attributes", "must be an object of names to values, was " + json);
        }
        object.forEach((name, value) -> {
            if (JobAttributes.isConveyors(name)) {
                throw ConveyorException.invalidField("attributes." + name, "is Conveyor's own attribute and cannot be given by a notify");
            }
            switch (value.getValueType()) {
                case STRING -> attributes.put(name, ((JsonString) value).getString());
                case NUMBER, TRUE, FALSE -> attributes.put(name, value.toString());
                default -> throw ConveyorException.invalidField("attributes." + name, "must be text, a number or true/false, was " + value);
            }
        });
        return attributes;
    }
}
