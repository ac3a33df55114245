package dev.conveyor.web.openapi;

import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.ArrayList;
import java.util.List;

/**
 * What an OpenAPI document leaves untyped: each success response (2xx other than 204) whose
 * content is missing or has a schema that says nothing of the body's shape (no schema, a bare
 * {@code {"type":"object"}} or an array of those), and each reference to a schema the document
 * does not hold. The document test fails on any.
 */
public final class UntypedResponses {

    private UntypedResponses() {
    }

    public static List<String> in(JsonObject document) {
        JsonObject components = document.getJsonObject("components").getJsonObject("schemas");
        List<String> untyped = new ArrayList<>();
        document.getJsonObject("paths").forEach((path, operations) -> operations.asJsonObject().forEach((method, operation) -> {
            if (operation instanceof JsonObject described && described.containsKey("responses")) {
                described.getJsonObject("responses").forEach((status, response) -> {
                    if (status.startsWith("2") && !status.equals("204")) {
                        String where = method.toUpperCase() + " " + path + " " + status;
                        JsonObject content = response.asJsonObject().getJsonObject("content");
                        if (content == null || content.isEmpty()) {
                            untyped.add(where + ": no content");
                        } else {
                            content.forEach((mediaType, media) -> {
                                JsonObject schema = media.asJsonObject().getJsonObject("schema");
                                if (!typed(schema, components)) {
                                    untyped.add(where + " " + mediaType + ": " + schema);
                                }
                            });
                        }
                    }
                });
            }
        }));
        collectDanglingReferences(document, components, untyped);
        return untyped;
    }

    /** A schema that names the body's shape: a reference to a typed schema, a scalar, an array of typed items, an object with properties. */
    static boolean typed(JsonObject schema, JsonObject components) {
        if (schema == null) {
            return false;
        }
        if (schema.containsKey("$ref")) {
            JsonObject target = components.getJsonObject(schema.getString("$ref").substring(ApiSchemas.ref("").length()));
            return target != null && typed(target, components);
        }
        String type = schema.getString("type", "");
        return switch (type) {
            case "string", "integer", "number", "boolean" -> true;
            case "array" -> typed(schema.getJsonObject("items"), components);
            case "object" -> schema.containsKey("properties") || schema.get("additionalProperties") instanceof JsonObject;
            default -> false;
        };
    }

    private static void collectDanglingReferences(JsonValue value, JsonObject components, List<String> untyped) {
        if (value instanceof JsonObject object) {
            if (object.get("$ref") instanceof JsonString ref
                    && !components.containsKey(ref.getString().substring(ApiSchemas.ref("").length()))) {
                untyped.add("a reference to no schema: " + ref.getString());
            }
            object.values().forEach(member -> collectDanglingReferences(member, components, untyped));
        } else if (value != null && value.getValueType() == JsonValue.ValueType.ARRAY) {
            value.asJsonArray().forEach(member -> collectDanglingReferences(member, components, untyped));
        }
    }
}
