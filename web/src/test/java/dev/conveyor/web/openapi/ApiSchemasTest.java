package dev.conveyor.web.openapi;

import static dev.conveyor.common.JsonText.JSON;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.conveyor.common.MessageId;
import dev.conveyor.endpoint.EndpointSettings;
import dev.conveyor.endpoint.Setting;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The schemas made from declarations say what the declarations say, setting by setting. */
class ApiSchemasTest {

    @Test
    void theEndpointSchemaHasEverySettingWithItsTypeMeaningAndDefault() {
        JsonObject schema = ApiSchemas.all().get(ApiSchemas.ENDPOINT_SETTINGS);
        assertDescribes(EndpointSettings.ALL, schema);
        assertEquals(EndpointSettings.ALL.stream().filter(Setting::required).map(Setting::name).toList(),
                schema.getJsonArray("required").getValuesAs(JsonString::getString));
    }

    @Test
    void anEndpointAsItRunsHasEverySettingAndItsState() {
        JsonObject schema = ApiSchemas.all().get(ApiSchemas.ENDPOINT);
        for (Setting<?> setting : EndpointSettings.ALL) {
            assertEquals(ApiSchemas.property(setting), schema.getJsonObject("properties").getJsonObject(setting.name()));
        }
        assertEquals(List.of("ENABLED", "PAUSED", "BLOCKED"), schema.getJsonObject("properties").getJsonObject("state")
                .getJsonArray("enum").getValuesAs(JsonString::getString));
    }

    @Test
    void theServiceWideDefaultsAreTheServiceWideSettingsOnlyAndNoneIsRequired() {
        JsonObject schema = ApiSchemas.all().get(ApiSchemas.SERVICE_SETTINGS);
        assertDescribes(EndpointSettings.SERVICE_WIDE, schema);
        assertFalse(schema.containsKey("required"));
        assertFalse(ApiSchemas.all().get(ApiSchemas.ENDPOINT_CHANGE).containsKey("required"));
    }

    @Test
    void theErrorCodeIsOneOfTheCatalogue() {
        JsonObject code = ApiSchemas.all().get(ApiSchemas.ERROR).getJsonObject("properties").getJsonObject("code");
        assertEquals(Arrays.stream(MessageId.values()).map(MessageId::code).collect(Collectors.toSet()),
                Set.copyOf(code.getJsonArray("enum").getValuesAs(JsonString::getString)));
    }

    @Test
    void aSettingsTypeDefaultAndMeaningAreThoseDeclared() {
        JsonObject batchSize = ApiSchemas.property(EndpointSettings.BATCH_SIZE);
        assertEquals("integer", batchSize.getString("type"));
        assertEquals("int32", batchSize.getString("format"));
        assertEquals(2, batchSize.getInt("default"));
        assertEquals(EndpointSettings.BATCH_SIZE.description(), batchSize.getString("description"));

        JsonObject name = ApiSchemas.property(EndpointSettings.NAME);
        assertFalse(name.containsKey("default"), "a required setting has no default");

        JsonObject inputs = ApiSchemas.property(EndpointSettings.INPUT_PARAMETER_MAPPINGS);
        assertEquals(List.of("literal", "variable"), inputs.getJsonObject("additionalProperties").getJsonObject("properties")
                .getJsonObject("type").getJsonArray("enum").getValuesAs(JsonString::getString));
    }

    @Test
    void everyReferenceOfTheDeclaredSchemasNamesOneOfThem() {
        JsonObject document = JSON.createObjectBuilder().add("paths", JsonValue.EMPTY_JSON_OBJECT)
                .add("components", JSON.createObjectBuilder().add("schemas", JSON.createObjectBuilder(Map.copyOf(ApiSchemas.all()))))
                .build();
        assertEquals(List.of(), UntypedResponses.in(document));
    }

    @Test
    void theSettingGroupsKindsAreThoseTheDeclarationsUse() {
        JsonObject declaration = ApiSchemas.all().get(ApiSchemas.SETTING_GROUPS).getJsonObject("items").getJsonObject("properties")
                .getJsonObject("settings").getJsonObject("items");
        assertEquals(EndpointSettings.ALL.stream().map(EndpointSettings::inputKind).collect(Collectors.toSet()),
                Set.copyOf(declaration.getJsonObject("properties").getJsonObject("kind").getJsonArray("enum").getValuesAs(JsonString::getString)));
    }

    @Test
    void aUsersRoleIsOneOfTheRolesByTheNameTheApiUses() {
        assertEquals(List.of("viewer", "operator", "admin"), ApiSchemas.all().get(ApiSchemas.NEW_USER).getJsonObject("properties")
                .getJsonObject("role").getJsonArray("enum").getValuesAs(JsonString::getString));
        assertEquals(List.of("name", "role", "password"),
                ApiSchemas.all().get(ApiSchemas.NEW_USER).getJsonArray("required").getValuesAs(JsonString::getString));
    }

    /** Exactly the settings as properties, each with the type's schema, the meaning and (unless required) the default. */
    static void assertDescribes(Collection<Setting<?>> settings, JsonObject schema) {
        JsonObject properties = schema.getJsonObject("properties");
        assertEquals(settings.stream().map(Setting::name).toList(), List.copyOf(properties.keySet()));
        for (Setting<?> setting : settings) {
            JsonObject property = properties.getJsonObject(setting.name());
            assertEquals(setting.description(), property.getString("description"), setting.name());
            assertEquals(setting.type().schema().getString("type"), property.getString("type"), setting.name());
            assertEquals(!setting.required(), property.containsKey("default"), setting.name());
        }
    }
}
