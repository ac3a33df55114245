package dev.conveyor.endpoint;

import dev.conveyor.common.JsonText;
import static dev.conveyor.endpoint.EndpointSettings.ASYNCHRONOUS;
import static dev.conveyor.endpoint.EndpointSettings.BATCH_SIZE;
import static dev.conveyor.endpoint.EndpointSettings.DESCRIPTION;
import static dev.conveyor.endpoint.EndpointSettings.INCLUDE_FILE_PATTERN;
import static dev.conveyor.endpoint.EndpointSettings.INPUT_PARAMETER_MAPPINGS;
import static dev.conveyor.endpoint.EndpointSettings.MANUAL_DEFAULTS;
import static dev.conveyor.endpoint.EndpointSettings.NAME;
import static dev.conveyor.endpoint.EndpointSettings.OPERATION_NAME;
import static dev.conveyor.endpoint.EndpointSettings.OUTPUT_PARAMETER_MAPPINGS;
import static dev.conveyor.endpoint.EndpointSettings.PATH;
import static dev.conveyor.endpoint.EndpointSettings.PRESERVE_FOLDER;
import static dev.conveyor.endpoint.EndpointSettings.REPEAT_INTERVAL;
import static dev.conveyor.endpoint.EndpointSettings.RESULT_FOLDER;
import static dev.conveyor.endpoint.EndpointSettings.WAIT_TIME;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.common.ConveyorException;
import dev.conveyor.common.MessageId;
import jakarta.json.JsonObject;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SettingValuesTest {


    private static SettingValues read(String text) {
        return SettingValues.fromJson(JsonText.object(text), EndpointSettings.ALL);
    }

    private static ConveyorException refused(String text, String field) {
        ConveyorException e = assertThrows(ConveyorException.class, () -> read(text));
        assertEquals(MessageId.INVALID_FIELD, e.id());
        assertEquals(field, e.field(), e::getMessage);
        return e;
    }

    // --- declarations and the manual's defaults ---

    @Test
    void requiredSettingsAreExactlyNamePathAndOperation() {
        assertEquals(List.of(NAME, PATH, OPERATION_NAME), EndpointSettings.ALL.stream().filter(Setting::required).toList());
    }

    @Test
    void manualDefaultsHoldEveryOptionalSettingWithItsDefault() {
        for (Setting<?> setting : EndpointSettings.ALL) {
            assertEquals(!setting.required(), MANUAL_DEFAULTS.has(setting), setting.name());
            assertEquals(setting.manualDefault(), MANUAL_DEFAULTS.get(setting), setting.name());
        }
        assertEquals(true, MANUAL_DEFAULTS.get(ASYNCHRONOUS));
        assertEquals(5, MANUAL_DEFAULTS.get(REPEAT_INTERVAL));
        assertEquals(2, MANUAL_DEFAULTS.get(BATCH_SIZE));
        assertEquals("*", MANUAL_DEFAULTS.get(INCLUDE_FILE_PATTERN));
        assertEquals("result/%Y/%M/%D/", MANUAL_DEFAULTS.get(RESULT_FOLDER));
        assertEquals("preserve/%Y/%M/%D/", MANUAL_DEFAULTS.get(PRESERVE_FOLDER));
        assertEquals(Map.of(), MANUAL_DEFAULTS.get(INPUT_PARAMETER_MAPPINGS));
    }

    @Test
    void settingNamesAreUnique() {
        Set<String> names = EndpointSettings.ALL.stream().map(Setting::name).collect(Collectors.toSet());
        assertEquals(EndpointSettings.ALL.size(), names.size());
    }

    @Test
    void serviceWideSettingsLeaveOutWhatBelongsToOneEndpoint() {
        Set<String> serviceWide = EndpointSettings.SERVICE_WIDE.stream().map(Setting::name).collect(Collectors.toSet());
        for (String own : List.of("name", "description", "path", "operationName", "inputParameterMappings", "outputParameterMappings")) {
            assertFalse(serviceWide.contains(own), own);
        }
        assertTrue(serviceWide.containsAll(List.of("batchSize", "resultFolder", "cronExpression", "waitTime", "overwriteDuplicateFilename")));
    }

    // --- over, with, only ---

    @Test
    void overFillsOnlyWhatIsMissing() {
        SettingValues given = read("""
                {"name":"invoices","path":"in/invoices","operationName":"copy","repeatInterval":30,
                 "includeFilePattern":"*.pdf","preserveFolder":""}""");
        SettingValues complete = given.over(MANUAL_DEFAULTS);
        assertEquals("invoices", complete.get(NAME));
        assertEquals(30, complete.get(REPEAT_INTERVAL));
        assertEquals("*.pdf", complete.get(INCLUDE_FILE_PATTERN));
        assertEquals("", complete.get(PRESERVE_FOLDER));
        assertEquals(2, complete.get(BATCH_SIZE));
        assertEquals("result/%Y/%M/%D/", complete.get(RESULT_FOLDER));
        assertEquals(true, complete.get(ASYNCHRONOUS));
    }

    @Test
    void givenFalseAndZeroAreKeptOverDefaults() {
        SettingValues complete = read("{\"asynchronous\":false,\"repeatInterval\":0,\"batchSize\":0}").over(MANUAL_DEFAULTS);
        assertEquals(false, complete.get(ASYNCHRONOUS));
        assertEquals(0, complete.get(REPEAT_INTERVAL));
        assertEquals(0, complete.get(BATCH_SIZE));
    }

    @Test
    void nothingGivenIsTheDefaults() {
        assertEquals(MANUAL_DEFAULTS, SettingValues.EMPTY.over(MANUAL_DEFAULTS));
        assertEquals(MANUAL_DEFAULTS, read("{}").over(MANUAL_DEFAULTS));
    }

    @Test
    void overLaysAPartialChangeOnTheCurrentSettings() {
        SettingValues current = read("""
                {"name":"invoices","path":"/data/in","operationName":"copy","asynchronous":false,"repeatInterval":10,
                 "batchSize":50,"resultFolder":"out/%Y","preserveFolder":"keep/%Y"}""");
        SettingValues change = read("{\"asynchronous\":true,\"batchSize\":100,\"preserveFolder\":\"\"}");
        assertEquals(read("""
                {"name":"invoices","path":"/data/in","operationName":"copy","asynchronous":true,"repeatInterval":10,
                 "batchSize":100,"resultFolder":"out/%Y","preserveFolder":""}"""), change.over(current));
    }

    @Test
    void layersApplyInOrderGivenThenServiceThenManual() {
        SettingValues given = read("{\"batchSize\":7}");
        SettingValues service = SettingValues.fromJson(JsonText.object("{\"batchSize\":20,\"repeatInterval\":60}"), EndpointSettings.SERVICE_WIDE);
        SettingValues effective = given.over(service).over(MANUAL_DEFAULTS);
        assertEquals(7, effective.get(BATCH_SIZE));
        assertEquals(60, effective.get(REPEAT_INTERVAL));
        assertEquals("*", effective.get(INCLUDE_FILE_PATTERN));
    }

    @Test
    void withReplacesOneValueAndLeavesTheOriginalUnchanged() {
        SettingValues original = read("{\"batchSize\":3}");
        SettingValues changed = original.with(BATCH_SIZE, 4).with(NAME, "x");
        assertEquals(3, original.get(BATCH_SIZE));
        assertFalse(original.has(NAME));
        assertEquals(4, changed.get(BATCH_SIZE));
        assertEquals("x", changed.get(NAME));
    }

    @Test
    void onlyKeepsTheListedSettings() {
        SettingValues all = read("{\"name\":\"invoices\",\"batchSize\":3,\"operationName\":\"copy\"}");
        SettingValues service = all.only(EndpointSettings.SERVICE_WIDE);
        assertEquals(3, service.get(BATCH_SIZE));
        assertFalse(service.has(NAME));
        assertFalse(service.has(OPERATION_NAME));
        assertEquals(SettingValues.EMPTY, all.only(List.of()));
    }

    @Test
    void absentSettingReadsAsNull() {
        assertNull(SettingValues.EMPTY.get(BATCH_SIZE));
        assertFalse(SettingValues.EMPTY.has(BATCH_SIZE));
    }

    @Test
    void equalityIsByValues() {
        assertEquals(read("{\"batchSize\":3,\"name\":\"a\"}"), read("{\"name\":\"a\",\"batchSize\":3}"));
        assertEquals(read("{\"batchSize\":3}").hashCode(), SettingValues.EMPTY.with(BATCH_SIZE, 3).hashCode());
        assertNotEquals(read("{\"batchSize\":3}"), read("{\"batchSize\":4}"));
        assertNotEquals(read("{\"batchSize\":3}"), read("{\"repeatInterval\":3}"));
    }

    // --- reading JSON strictly ---

    @Test
    void unknownSettingIsRefusedByNameListingTheKnownOnes() {
        ConveyorException e = refused("{\"name\":\"a\",\"bachSize\":5}", "bachSize");
        assertTrue(e.getMessage().startsWith("Field 'bachSize' is invalid: unknown setting; known settings: [asynchronous, batchSize, "),
                e.getMessage());
        assertTrue(e.getMessage().endsWith(", waitTime]"), e.getMessage());
    }

    @Test
    void settingNamesAreCaseSensitive() {
        refused("{\"BatchSize\":5}", "BatchSize");
    }

    @Test
    void serviceWideReadingRefusesAnEndpointsOwnSettings() {
        ConveyorException e = assertThrows(ConveyorException.class,
                () -> SettingValues.fromJson(JsonText.object("{\"operationName\":\"copy\"}"), EndpointSettings.SERVICE_WIDE));
        assertEquals("operationName", e.field());
    }

    @Test
    void nullMeansNotGiven() {
        SettingValues values = read("{\"name\":null,\"batchSize\":null,\"asynchronous\":null,\"inputParameterMappings\":null}");
        assertEquals(SettingValues.EMPTY, values);
        assertEquals(2, values.over(MANUAL_DEFAULTS).get(BATCH_SIZE));
    }

    @Test
    void emptyStringIsAValueNotAbsent() {
        SettingValues values = read("{\"preserveFolder\":\"\"}");
        assertTrue(values.has(PRESERVE_FOLDER));
        assertEquals("", values.over(MANUAL_DEFAULTS).get(PRESERVE_FOLDER));
    }

    @ParameterizedTest(name = "{0} refuses {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            name               | 5          | must be a string, was 5
            description        | true       | must be a string, was true
            includeFilePattern | ["*.pdf"]  | must be a string, was ["*.pdf"]
            resultFolder       | {}         | must be a string, was {}
            asynchronous       | "false"    | must be true or false, was "false"
            throttle           | 1          | must be true or false, was 1
            batchSize          | "5"        | must be a whole number, was "5"
            batchSize          | 1.5        | must be a whole number, was 1.5
            repeatInterval     | true       | must be a whole number, was true
            batchSize          | 3000000000 | is out of range: 3000000000
            waitTime           | 100000000000000000000 | is out of range: 100000000000000000000
            """)
    void valueOfTheWrongTypeIsRefusedNamingTheSetting(String field, String value, String reason) {
        ConveyorException e = refused("{\"" + field + "\":" + value + "}", field);
        assertEquals("Field '" + field + "' is invalid: " + reason, e.getMessage());
    }

    @Test
    void mappingsThatAreNoObjectsAreRefusedSayingWhatTheyMustBe() {
        assertEquals("Field 'inputParameterMappings' is invalid: must be an object of "
                        + "{\"type\": \"literal\" | \"variable\", \"value\": \"...\"} by parameter name, was []",
                refused("{\"inputParameterMappings\":[]}", "inputParameterMappings").getMessage());
        assertEquals("Field 'outputParameterMappings' is invalid: must be an object of file-name patterns by output parameter name, was \"%F\"",
                refused("{\"outputParameterMappings\":\"%F\"}", "outputParameterMappings").getMessage());
    }

    @Test
    void wholeNumbersTakeNegativesAndTheirTypesLimits() {
        assertEquals(-5, read("{\"batchSize\":-5}").get(BATCH_SIZE));
        assertEquals(Integer.MAX_VALUE, read("{\"batchSize\":2147483647}").get(BATCH_SIZE));
        assertEquals(Integer.MIN_VALUE, read("{\"batchSize\":-2147483648}").get(BATCH_SIZE));
        assertEquals(3_000_000_000L, read("{\"waitTime\":3000000000}").get(WAIT_TIME));
        assertEquals(Long.MAX_VALUE, read("{\"waitTime\":9223372036854775807}").get(WAIT_TIME));
    }

    // --- parameter mappings ---

    @Test
    void inputMappingsReadLiteralsAndVariables() {
        SettingValues values = read("""
                {"inputParameterMappings":{
                   "stylesheet":{"type":"variable","value":"*.xsl"},
                   "level":{"type":"literal","value":"3"}}}""");
        assertEquals(Map.of("stylesheet", new InputMapping(InputMapping.Kind.VARIABLE, "*.xsl"),
                "level", new InputMapping(InputMapping.Kind.LITERAL, "3")), values.get(INPUT_PARAMETER_MAPPINGS));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            {"stylesheet":"a.xsl"}                                       | inputParameterMappings.stylesheet       | must be an object of
            {"stylesheet":{"value":"a.xsl"}}                             | inputParameterMappings.stylesheet.type  | is required
            {"stylesheet":{"type":null,"value":"a.xsl"}}                 | inputParameterMappings.stylesheet.type  | is required
            {"stylesheet":{"type":"variable"}}                           | inputParameterMappings.stylesheet.value | is required
            {"stylesheet":{"type":"file","value":"a.xsl"}}               | inputParameterMappings.stylesheet.type  | 'file' is not a mapping type; use literal or variable
            {"stylesheet":{"type":"Literal","value":"a.xsl"}}            | inputParameterMappings.stylesheet.type  | 'Literal' is not a mapping type
            {"stylesheet":{"type":1,"value":"a.xsl"}}                    | inputParameterMappings.stylesheet.type  | must be a string, was 1
            {"level":{"type":"literal","value":3}}                       | inputParameterMappings.level.value      | must be a string, was 3
            {"stylesheet":{"type":"variable","value":"a","kind":"x"}}    | inputParameterMappings.stylesheet       | unknown key 'kind'; a mapping has 'type' and 'value'
            """)
    void malformedInputMappingIsRefusedNamingWhereItIs(String mappings, String field, String reason) {
        ConveyorException e = refused("{\"inputParameterMappings\":" + mappings + "}", field);
        assertTrue(e.getMessage().startsWith("Field '" + field + "' is invalid: " + reason), e.getMessage());
    }

    @Test
    void outputMappingsReadNamePatterns() {
        assertEquals(Map.of("output", "%F.txt", "pages", "pages/"),
                read("{\"outputParameterMappings\":{\"output\":\"%F.txt\",\"pages\":\"pages/\"}}").get(OUTPUT_PARAMETER_MAPPINGS));
    }

    @Test
    void outputMappingThatIsNoStringIsRefusedNamingTheOutput() {
        ConveyorException e = refused("{\"outputParameterMappings\":{\"output\":[\"a\"]}}", "outputParameterMappings.output");
        assertEquals("Field 'outputParameterMappings.output' is invalid: must be a string, was [\"a\"]", e.getMessage());
    }

    // --- writing ---

    @Test
    void everySettingSurvivesARoundTripThroughJsonText() {
        SettingValues values = read("""
                {"name":"invoices","description":"Zürich \\"quotes\\" and\\nnewlines","path":"/data/in","asynchronous":false,
                 "cronExpression":"0 0/5 * * * ?","repeatInterval":10,"repeatCount":-1,"throttle":true,"userName":"u",
                 "domainName":"d","batchSize":50,"waitTime":3000000000,"excludeFilePattern":"","includeFilePattern":"*.pdf",
                 "resultFolder":"out/%Y","preserveFolder":"","failureFolder":"failed/","preserveOnFailure":false,
                 "overwriteDuplicateFilename":true,"purgeDuration":7,"jobRecordDuration":90,"operationName":"copy",
                 "inputParameterMappings":{"stylesheet":{"type":"variable","value":"*.xsl"},"level":{"type":"literal","value":"3"}},
                 "outputParameterMappings":{"output":"%F.txt"},"maxQueueSize":500,"freeQueueSizeThreshold":30,
                 "freeQueueSizeThresholdWarning":false,
                 "sleepOnOverStore":250,"sleepOnOverStoreRetryCount":0,"minimumFreeSpace":1024,"operationTimeLimit":60,"operationOutputLimit":2048,
                 "wait":{"releaseSignalId":"${fragment.identifier}","targetSignalCount":"${fragment.count}","waitMode":"keep",
                         "expirationDuration":"90 s","attributeCopyMode":"replace"},
                 "notify":{"on":"completion","releaseSignalId":"${file.baseName}","attributeCacheRegex":"customer[.].*"},
                 "fanOut":{"endpoint":"pages","joinOperation":"pdf.merge","onChildFailure":"expire"}}""");
        assertEquals(EndpointSettings.ALL.size(), EndpointSettings.ALL.stream().filter(values::has).count());

        SettingValues again = SettingValues.fromJsonText(values.toJsonText(), EndpointSettings.ALL);

        assertEquals(values, again);
        assertEquals("Zürich \"quotes\" and\nnewlines", again.get(DESCRIPTION));
    }

    @Test
    void jsonTextIsSortedByNameSoEqualValuesGiveEqualText() {
        assertEquals("{\"batchSize\":3,\"name\":\"a\",\"path\":\"p\"}", read("{\"path\":\"p\",\"name\":\"a\",\"batchSize\":3}").toJsonText());
        assertEquals("{}", SettingValues.EMPTY.toJsonText());
    }

    @Test
    void toJsonFollowsTheGivenOrderAndLeavesOutWhatIsAbsent() {
        SettingValues values = read("{\"batchSize\":3,\"name\":\"a\",\"inputParameterMappings\":{\"x\":{\"type\":\"literal\",\"value\":\"1\"}}}");
        JsonObject out = values.toJson(EndpointSettings.ALL);
        assertEquals(List.of("name", "batchSize", "inputParameterMappings"), List.copyOf(out.keySet()));
        assertEquals("{\"type\":\"literal\",\"value\":\"1\"}", out.getJsonObject("inputParameterMappings").getJsonObject("x").toString());
        assertEquals(List.of("batchSize"), List.copyOf(values.toJson(EndpointSettings.SERVICE_WIDE).keySet()));
    }
}
