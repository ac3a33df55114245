package dev.conveyor.endpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.conveyor.common.ConveyorException;
import jakarta.json.Json;
import jakarta.json.JsonValue;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SettingTypeTest {

    private static <T> void assertRoundTrip(SettingType<T> type, T value, String json) {
        JsonValue written = type.write(value);
        assertEquals(json, written.toString());
        assertEquals(value, type.read("f", written));
    }

    @Test
    void eachTypeWritesWhatItReads() {
        assertRoundTrip(SettingType.STRING, "a \"b\"", "\"a \\\"b\\\"\"");
        assertRoundTrip(SettingType.BOOLEAN, true, "true");
        assertRoundTrip(SettingType.BOOLEAN, false, "false");
        assertRoundTrip(SettingType.INTEGER, -7, "-7");
        assertRoundTrip(SettingType.LONG, 5_000_000_000L, "5000000000");
        assertRoundTrip(SettingType.INPUT_MAPPINGS, Map.of("x", new InputMapping(InputMapping.Kind.VARIABLE, "*.xsl")),
                "{\"x\":{\"type\":\"variable\",\"value\":\"*.xsl\"}}");
        assertRoundTrip(SettingType.OUTPUT_MAPPINGS, Map.of("output", "out/"), "{\"output\":\"out/\"}");
        assertRoundTrip(SettingType.INPUT_MAPPINGS, Map.of(), "{}");
    }

    @Test
    void booleansAreTheJsonConstants() {
        assertSame(JsonValue.TRUE, SettingType.BOOLEAN.write(true));
        assertSame(JsonValue.FALSE, SettingType.BOOLEAN.write(false));
    }

    @Test
    void refusalNamesTheFieldItWasGiven() {
        ConveyorException e = assertThrows(ConveyorException.class, () -> SettingType.INTEGER.read("outer.inner", Json.createValue("1")));
        assertEquals("outer.inner", e.field());
        assertEquals("Field 'outer.inner' is invalid: must be a whole number, was \"1\"", e.getMessage());
    }

    @Test
    void nullIsNoValueOfAnyType() {
        // SettingValues treats null as "not given" before asking the type; the type itself never takes it.
        assertThrows(ConveyorException.class, () -> SettingType.STRING.read("f", JsonValue.NULL));
        assertThrows(ConveyorException.class, () -> SettingType.BOOLEAN.read("f", JsonValue.NULL));
        assertThrows(ConveyorException.class, () -> SettingType.LONG.read("f", JsonValue.NULL));
        assertThrows(ConveyorException.class, () -> SettingType.OUTPUT_MAPPINGS.read("f", JsonValue.NULL));
    }

    @Test
    void mappingsReadAreUnmodifiable() {
        Map<String, String> read = SettingType.OUTPUT_MAPPINGS.read("f", Json.createObjectBuilder().add("a", "b").build());
        assertThrows(UnsupportedOperationException.class, () -> read.put("c", "d"));
    }
}
