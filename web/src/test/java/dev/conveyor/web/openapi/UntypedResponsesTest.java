package dev.conveyor.web.openapi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the document test counts as untyped, on documents shaped like Payara's. */
class UntypedResponsesTest {

    private static JsonObject document(String get, String schemas) {
        return Json.createReader(new StringReader(("{'paths':{'/api/x':{'get':{'responses':" + get + "}}},"
                + "'components':{'schemas':" + schemas + "}}").replace('\'', '"'))).readObject();
    }

    @Test
    void aResponseReferringToATypedSchemaOrAnArrayOfThemOrNoContent204IsTyped() {
        String schemas = "{'Job':{'type':'object','properties':{'id':{'type':'string'}}},'Jobs':{'type':'array','items':{'$ref':'#/components/schemas/Job'}}}";
        assertEquals(List.of(), UntypedResponses.in(document("{'200':{'content':{'application/json':{'schema':{'$ref':'#/components/schemas/Jobs'}}}},"
                + "'204':{'description':'none'}}", schemas)));
        assertEquals(List.of(), UntypedResponses.in(document("{'200':{'content':{'text/plain':{'schema':{'type':'string'}}}}}", schemas)));
    }

    @Test
    void aBareObjectAnArrayOfThemNoContentOrAPartialRecordIsUntyped() {
        String schemas = "{'JobView':{'properties':{'createdAt':{'type':'string','format':'date-time'}}}}";
        assertEquals(1, UntypedResponses.in(document("{'200':{'content':{'application/json':{'schema':{'type':'object'}}}}}", schemas)).size());
        assertEquals(1, UntypedResponses.in(document("{'200':{'content':{'application/json':{'schema':{'type':'array','items':{'type':'object'}}}}}}", schemas)).size());
        assertEquals(1, UntypedResponses.in(document("{'201':{'description':'created'}}", schemas)).size());
        // Payara's scan of a record of the ejb module: its annotated times only, and no type.
        assertEquals(1, UntypedResponses.in(document("{'200':{'content':{'application/json':{'schema':{'$ref':'#/components/schemas/JobView'}}}}}", schemas)).size());
    }

    @Test
    void aReferenceToNoSchemaIsReported() {
        assertEquals(List.of("GET /api/x 200 application/json: {\"$ref\":\"#/components/schemas/Gone\"}", "a reference to no schema: #/components/schemas/Gone"),
                UntypedResponses.in(document("{'200':{'content':{'application/json':{'schema':{'$ref':'#/components/schemas/Gone'}}}}}", "{}")));
    }
}
