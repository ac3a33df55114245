package dev.conveyor.web.openapi;

import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASModelReader;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.security.SecurityScheme;

/**
 * The start of the OpenAPI document, before Payara adds what the resources' annotations say:
 * the title, the admin's HTTP Basic authentication, and the schemas of {@link ApiSchemas}
 * (named by the annotations as {@code #/components/schemas/<name>}). Registered in
 * META-INF/microprofile-config.properties.
 */
public class ConveyorOpenApi implements OASModelReader {

    public static final String BASIC = "basic";

    @Override
    public OpenAPI buildModel() {
        Map<String, Schema> schemas = new LinkedHashMap<>();
        ApiSchemas.all().forEach((name, schema) -> schemas.put(name, schema(schema)));
        return OASFactory.createOpenAPI()
                .info(OASFactory.createInfo().title("Conveyor admin API").version("1")
                        .description("Endpoints (watched folders), jobs, release signals, priority rules, batch jobs. "
                                + "Every call needs the admin's HTTP Basic credentials (user admin).")
                        .license(OASFactory.createLicense().name("Apache-2.0").url("https://www.apache.org/licenses/LICENSE-2.0")))
                .components(OASFactory.createComponents().schemas(schemas)
                        .addSecurityScheme(BASIC, OASFactory.createSecurityScheme().type(SecurityScheme.Type.HTTP).scheme("basic")))
                .addSecurityRequirement(OASFactory.createSecurityRequirement().addScheme(BASIC));
    }

    /** A JSON Schema object of {@link ApiSchemas} as the OpenAPI model's schema. */
    static Schema schema(JsonObject json) {
        Schema schema = OASFactory.createSchema();
        json.forEach((key, value) -> {
            switch (key) {
                case "type" -> schema.type(Schema.SchemaType.valueOf(((JsonString) value).getString().toUpperCase(Locale.ROOT)));
                case "format" -> schema.format(((JsonString) value).getString());
                case "description" -> schema.description(((JsonString) value).getString());
                case "nullable" -> schema.nullable(value == JsonValue.TRUE);
                case "default" -> schema.defaultValue(plain(value));
                case "enum" -> schema.enumeration(((JsonArray) value).stream().map(ConveyorOpenApi::plain).toList());
                case "required" -> schema.required(((JsonArray) value).getValuesAs(JsonString::getString));
                case "$ref" -> schema.ref(((JsonString) value).getString());
                case "items" -> schema.items(schema(value.asJsonObject()));
                case "properties" -> {
                    Map<String, Schema> properties = new LinkedHashMap<>();
                    value.asJsonObject().forEach((name, property) -> properties.put(name, schema(property.asJsonObject())));
                    schema.properties(properties);
                }
                case "additionalProperties" -> {
                    if (value instanceof JsonObject additional) {
                        schema.additionalPropertiesSchema(schema(additional));
                    } else {
                        schema.additionalPropertiesBoolean(value == JsonValue.TRUE);
                    }
                }
                default -> throw new IllegalArgumentException("no OpenAPI schema keyword " + key + " in " + json);
            }
        });
        return schema;
    }

    /** A JSON value as the plain Java value the model holds (string, number, boolean, list, map, null). */
    private static Object plain(JsonValue value) {
        return switch (value.getValueType()) {
            case STRING -> ((JsonString) value).getString();
            case NUMBER -> ((JsonNumber) value).isIntegral() ? ((JsonNumber) value).longValue() : ((JsonNumber) value).bigDecimalValue();
            case TRUE -> true;
            case FALSE -> false;
            case NULL -> null;
            case ARRAY -> value.asJsonArray().stream().map(ConveyorOpenApi::plain).toList();
            case OBJECT -> {
                Map<String, Object> map = new LinkedHashMap<>();
                value.asJsonObject().forEach((name, member) -> map.put(name, plain(member)));
                yield map;
            }
        };
    }
}
