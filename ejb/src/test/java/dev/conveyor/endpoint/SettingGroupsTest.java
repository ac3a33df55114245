package dev.conveyor.endpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The console's endpoint form shows every setting once, in a group. */
class SettingGroupsTest {

    @Test
    void everySettingIsInExactlyOneGroup() {
        List<Setting<?>> grouped = EndpointSettings.GROUPS.values().stream().flatMap(List::stream).toList();
        assertEquals(EndpointSettings.ALL.size(), grouped.size(), "a setting is in two groups, or in none");
        assertEquals(new HashSet<>(EndpointSettings.ALL), Set.copyOf(grouped));
    }

    @Test
    void aFormEditsMappingsAndSignalObjectsAsJsonAndTheRestAsTheirType() {
        assertEquals("text", EndpointSettings.inputKind(EndpointSettings.PATH));
        assertEquals("boolean", EndpointSettings.inputKind(EndpointSettings.THROTTLE));
        assertEquals("number", EndpointSettings.inputKind(EndpointSettings.WAIT_TIME));
        assertEquals("json", EndpointSettings.inputKind(EndpointSettings.INPUT_PARAMETER_MAPPINGS));
        assertEquals("json", EndpointSettings.inputKind(EndpointSettings.WAIT));
    }
}
