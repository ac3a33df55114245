package dev.conveyor.web.openapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.job.JobState;
import dev.conveyor.job.JobView;
import dev.conveyor.signal.SignalView;
import dev.conveyor.signal.WaitingGroup;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A record's schema has every component, typed as JSON-B writes it. */
class RecordSchemasTest {

    @Test
    void aJobHasEveryComponentWithItsType() {
        Map<String, JsonObject> schemas = new LinkedHashMap<>();
        RecordSchemas.describe(JobView.class, schemas);
        JsonObject properties = schemas.get("JobView").getJsonObject("properties");
        assertEquals(Arrays.stream(JobView.class.getRecordComponents()).map(RecordComponent::getName).toList(), List.copyOf(properties.keySet()));
        assertEquals(Arrays.stream(JobState.values()).map(Enum::name).toList(),
                properties.getJsonObject("state").getJsonArray("enum").getValuesAs(JsonString::getString));
        assertEquals("date-time", properties.getJsonObject("createdAt").getString("format"));
        assertEquals("string", properties.getJsonObject("createdAt").getString("type"));
        assertEquals("string", properties.getJsonObject("results").getJsonObject("items").getString("type"));
        assertEquals("string", properties.getJsonObject("attributes").getJsonObject("additionalProperties").getString("type"));
        assertEquals("int32", properties.getJsonObject("attempts").getString("format"));
    }

    @Test
    void aNestedRecordIsASchemaOfItsOwnAndReferenced() {
        Map<String, JsonObject> schemas = new LinkedHashMap<>();
        RecordSchemas.describe(WaitingGroup.class, schemas);
        assertEquals(Set.of("WaitingGroup", "SignalView"), schemas.keySet());
        assertEquals(ApiSchemas.ref("SignalView"), schemas.get("WaitingGroup").getJsonObject("properties").getJsonObject("signal").getString("$ref"));
        JsonObject counters = schemas.get("SignalView").getJsonObject("properties").getJsonObject("counters");
        assertEquals("int64", counters.getJsonObject("additionalProperties").getString("format"));
        assertEquals(Arrays.stream(SignalView.class.getRecordComponents()).map(RecordComponent::getName).toList(),
                List.copyOf(schemas.get("SignalView").getJsonObject("properties").keySet()));
    }

    record Unknown(Optional<String> value) {
    }

    @Test
    void aTypeItCannotDescribeIsRefusedByName() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> RecordSchemas.describe(Unknown.class, new LinkedHashMap<>()));
        assertTrue(refused.getMessage().contains("Optional"), refused.getMessage());
    }
}
