package dev.conveyor.web.openapi;

import static dev.conveyor.common.JsonText.JSON;

import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.time.Instant;
import java.util.Collection;
import java.util.Map;

/**
 * JSON Schemas of records the API returns, read from their components the way JSON-B writes them.
 * Payara describes only the classes of the WAR itself: a record of the ejb module (JobView,
 * SignalView...) comes out holding just the components its annotations mention, so those are
 * described here. A nested record becomes a schema of its own, named after its class and referenced.
 */
final class RecordSchemas {

    private RecordSchemas() {
    }

    /** Adds the schema of {@code record}, and of every record it holds, to {@code schemas} under their simple names. */
    static void describe(Class<? extends Record> record, Map<String, JsonObject> schemas) {
        if (schemas.containsKey(record.getSimpleName())) {
            return;
        }
        JsonObjectBuilder properties = JSON.createObjectBuilder();
        for (RecordComponent component : record.getRecordComponents()) {
            properties.add(component.getName(), schema(component.getGenericType(), schemas));
        }
        schemas.put(record.getSimpleName(), JSON.createObjectBuilder().add("type", "object").add("properties", properties).build());
    }

    @SuppressWarnings("unchecked")
    private static JsonObjectBuilder schema(Type type, Map<String, JsonObject> schemas) {
        if (type instanceof ParameterizedType generic && generic.getRawType() instanceof Class<?> raw) {
            Type[] arguments = generic.getActualTypeArguments();
            if (Collection.class.isAssignableFrom(raw)) {
                return JSON.createObjectBuilder().add("type", "array").add("items", schema(arguments[0], schemas));
            }
            if (Map.class.isAssignableFrom(raw)) {
                // JSON-B writes a map's keys as strings, whatever their type.
                return JSON.createObjectBuilder().add("type", "object").add("additionalProperties", schema(arguments[1], schemas));
            }
        } else if (type instanceof Class<?> plain) {
            if (plain == String.class) {
                return kind("string");
            }
            if (plain == int.class || plain == Integer.class) {
                return kind("integer").add("format", "int32");
            }
            if (plain == long.class || plain == Long.class) {
                return kind("integer").add("format", "int64");
            }
            if (plain == boolean.class || plain == Boolean.class) {
                return kind("boolean");
            }
            if (plain == double.class || plain == Double.class) {
                return kind("number");
            }
            if (plain == Instant.class) {
                return kind("string").add("format", DocumentFilter.DATE_TIME);
            }
            if (plain.isEnum()) {
                JsonArrayBuilder values = JSON.createArrayBuilder();
                for (Object constant : plain.getEnumConstants()) {
                    values.add(((Enum<?>) constant).name());
                }
                return kind("string").add("enum", values);
            }
            if (plain.isRecord()) {
                describe((Class<? extends Record>) plain, schemas);
                return JSON.createObjectBuilder().add("$ref", ApiSchemas.ref(plain.getSimpleName()));
            }
        }
        throw new IllegalArgumentException("no JSON Schema for " + type + ": describe it in RecordSchemas");
    }

    private static JsonObjectBuilder kind(String type) {
        return JSON.createObjectBuilder().add("type", type);
    }
}
