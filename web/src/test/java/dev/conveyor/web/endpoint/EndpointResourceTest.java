package dev.conveyor.web.endpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.conveyor.common.ConveyorException;
import dev.conveyor.common.MessageId;
import dev.conveyor.endpoint.EndpointDefinition;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class EndpointResourceTest {

    private static final EndpointDefinition NOTHING_GIVEN =
            new EndpointDefinition(null, null, null, null, null, null, null, null, null, null);

    @Test
    void everyFieldIsMappedToItsSetting() {
        String body = """
                {
                  "name": "invoices",
                  "path": "in/invoices",
                  "operationName": "copy",
                  "asynchronous": false,
                  "repeatInterval": 30,
                  "batchSize": 7,
                  "includeFilePattern": "*.pdf",
                  "resultFolder": "out/%Y",
                  "preserveFolder": "keep/%Y",
                  "failureFolder": "failed/%Y"
                }""";
        assertEquals(new EndpointDefinition("invoices", "in/invoices", "copy", false, 30, 7, "*.pdf",
                "out/%Y", "keep/%Y", "failed/%Y"), EndpointResource.definition(body));
    }

    @Test
    void fieldsLeftOutOrNullAreNotGiven() {
        assertEquals(NOTHING_GIVEN, EndpointResource.definition("{}"));
        assertEquals(new EndpointDefinition(null, null, null, null, null, 3, null, null, null, null),
                EndpointResource.definition("{\"batchSize\":3,\"path\":null}"));
    }

    @Test
    void emptyPreserveFolderIsGivenAsEmpty() {
        assertEquals("", EndpointResource.definition("{\"preserveFolder\":\"\"}").preserveFolder());
    }

    @Test
    void knownFieldsAreExactlyTheDefinitionsComponents() {
        Set<String> components = Arrays.stream(EndpointDefinition.class.getRecordComponents())
                .map(RecordComponent::getName)
                .collect(Collectors.toSet());
        assertEquals(components, EndpointResource.FIELDS);
    }

    @Test
    void misspelledFieldIsRefusedByName() {
        ConveyorException e = assertThrows(ConveyorException.class, () -> EndpointResource.definition("{\"resultsFolder\":\"x\"}"));
        assertEquals(MessageId.INVALID_FIELD, e.id());
        assertEquals("resultsFolder", e.field());
    }

    @Test
    void wrongTypeIsRefusedNamingTheField() {
        ConveyorException e = assertThrows(ConveyorException.class, () -> EndpointResource.definition("{\"repeatInterval\":\"5\"}"));
        assertEquals("repeatInterval", e.field());
        e = assertThrows(ConveyorException.class, () -> EndpointResource.definition("{\"asynchronous\":\"false\"}"));
        assertEquals("asynchronous", e.field());
        e = assertThrows(ConveyorException.class, () -> EndpointResource.definition("{\"includeFilePattern\":[\"*.pdf\"]}"));
        assertEquals("includeFilePattern", e.field());
    }

    @Test
    void bodyThatIsNoObjectIsMalformed() {
        ConveyorException e = assertThrows(ConveyorException.class, () -> EndpointResource.definition("[]"));
        assertEquals(MessageId.MALFORMED_REQUEST, e.id());
    }
}
