package dev.conveyor.endpoint;

import dev.conveyor.common.JsonText;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.common.ConveyorException;
import dev.conveyor.common.MessageId;
import dev.conveyor.operation.ArchiveZipOperation;
import dev.conveyor.operation.CopyOperation;
import dev.conveyor.operation.Operation;
import dev.conveyor.operation.OperationContext;
import dev.conveyor.operation.Parameter;
import dev.conveyor.operation.ParameterType;
import jakarta.json.Json;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class EndpointValidatorTest {

    @TempDir
    Path root;

    @TempDir
    Path outside;

    /** inputs: input (Document, required), stylesheet (Document, required), level (int, optional, default 3); output: output. */
    static final class XsltOperation implements Operation {
        @Override
        public String name() {
            return "xslt";
        }

        @Override
        public String description() {
            return "test double";
        }

        @Override
        public List<Parameter> inputs() {
            return List.of(Parameter.required(INPUT, ParameterType.DOCUMENT, "the document"),
                    Parameter.required("stylesheet", ParameterType.DOCUMENT, "the stylesheet"),
                    Parameter.optional("level", ParameterType.INT, "3", "how deep"),
                    Parameter.optional("note", ParameterType.STRING, "", "a remark"));
        }

        @Override
        public List<Parameter> outputs() {
            return List.of(Parameter.output(OUTPUT, ParameterType.DOCUMENT, "the result"));
        }

        @Override
        public Map<String, Object> run(OperationContext context) {
            throw new UnsupportedOperationException("never run by the validator");
        }
    }

    private static final Map<String, Operation> OPERATIONS = Map.of("copy", new CopyOperation(), "xslt", new XsltOperation(),
            "archive.zip", new ArchiveZipOperation());

    /** A valid endpoint as given in a request, changed one field at a time by the tests. */
    private final Map<String, JsonValue> given = new LinkedHashMap<>(Map.of(
            "name", Json.createValue("invoices"),
            "path", Json.createValue("in/invoices"),
            "operationName", Json.createValue("copy")));

    private void set(String field, String value) {
        given.put(field, Json.createValue(value));
    }

    private void set(String field, long value) {
        given.put(field, Json.createValue(value));
    }

    private void set(String field, JsonValue value) {
        given.put(field, value);
    }

    private void unset(String field) {
        given.remove(field);
    }

    /** What the endpoint would run with: the given settings over the manual's defaults. */
    private SettingValues settings() {
        JsonObjectBuilder json = Json.createObjectBuilder();
        given.forEach(json::add);
        return SettingValues.fromJson(json.build(), EndpointSettings.ALL).over(EndpointSettings.MANUAL_DEFAULTS);
    }

    private Path validate() {
        return new EndpointValidator(new AllowedRoots(List.of(root)), name -> Optional.ofNullable(OPERATIONS.get(name)))
                .validate(settings());
    }

    private Path watched() {
        return root.resolve("in/invoices");
    }

    private void assertValid() {
        assertEquals(watched(), validate());
    }

    private ConveyorException refusal() {
        return refusal(this::validate);
    }

    private static ConveyorException refusal(Executable call) {
        ConveyorException e = assertThrows(ConveyorException.class, call);
        assertEquals(MessageId.INVALID_FIELD, e.id());
        return e;
    }

    private void assertRefused(String field, String reason) {
        assertRefused(this::validate, field, reason);
    }

    private static void assertRefused(Executable call, String field, String reason) {
        ConveyorException e = refusal(call);
        assertEquals(field, e.field(), e::getMessage);
        assertTrue(e.getMessage().startsWith("Field '" + field + "' is invalid: "), e.getMessage());
        assertTrue(e.getMessage().contains(reason), () -> "'" + e.getMessage() + "' should contain '" + reason + "'");
    }


    // --- name, path, operation ---

    @Test
    void validSettingsGiveTheAbsoluteWatchedFolder() {
        assertValid();
    }

    @Test
    void theManualDefaultsAreValid() {
        // Only the three required settings are given; everything else is the manual's default.
        assertEquals(java.util.Set.of("name", "path", "operationName"), given.keySet());
        assertValid();
    }

    @Test
    void absoluteWatchedFolderInsideTheRootIsAccepted() {
        set("path", root.resolve("scans").toString());
        assertEquals(root.resolve("scans"), validate());
    }

    @Test
    void nameIsRequired() {
        unset("name");
        assertRefused("name", "a name is required");
        for (String blank : new String[] {"", "   "}) {
            set("name", blank);
            assertRefused("name", "a name is required");
        }
    }

    @Test
    void nullNameIsNotGivenAndSoRequired() {
        set("name", JsonValue.NULL);
        assertRefused("name", "a name is required");
    }

    @ParameterizedTest
    @ValueSource(strings = {"<script>", "a/b", "a\\b", "tab\there", "new\nline", "nul\u0000", "del\u007f", "c1\u0085", " padded",
            "padded ", "..", ".", ".hidden", "-flag", "a b", "Übersicht", "a%J"})
    void nameOutsideTheSafeCharacterSetIsRefused(String name) {
        set("name", name);
        assertRefused("name", "use letters, digits, '.', '_' and '-' only, starting with a letter or digit");
    }

    @ParameterizedTest
    @ValueSource(strings = {"invoices", "scan-2026.v2", "A_b", "7days", "a..b"})
    void nameInTheSafeCharacterSetIsAccepted(String name) {
        set("name", name);
        assertValid();
    }

    @Test
    void nameIsAtMostOneHundredCharacters() {
        set("name", "n".repeat(100));
        assertValid();
        set("name", "n".repeat(101));
        assertRefused("name", "at most 100 characters");
    }

    @Test
    void pathIsRequired() {
        set("path", " ");
        assertRefused("path", "a folder to watch is required");
        unset("path");
        assertRefused("path", "a folder to watch is required");
    }

    @Test
    void pathOutsideTheRootsIsRefused() {
        String path = outside.resolve("in").toString();
        set("path", path);
        assertRefused("path", "'" + path + "' is not below an allowed root (CONVEYOR_ROOTS: [" + root + "])");
    }

    @Test
    void pathEscapingWithDotDotIsRefused() {
        set("path", "../elsewhere");
        assertRefused("path", "'../elsewhere' is not below an allowed root");
    }

    @Test
    void theRootItselfCannotBeWatched() {
        set("path", root.toString());
        assertRefused("path", "is not below an allowed root");
    }

    @Test
    void pathThatIsNoPathIsRefusedAsAnInvalidField() {
        set("path", "in/\u0000");
        assertRefused("path", "is not a valid path");
    }

    @Test
    void operationIsRequired() {
        unset("operationName");
        assertRefused("operationName", "an operation is required");
        set("operationName", "");
        assertRefused("operationName", "an operation is required");
    }

    @Test
    void unknownOperationIsRefusedByName() {
        set("operationName", "ocr");
        assertRefused("operationName", "no operation is named 'ocr'");
    }

    // --- description ---

    @Test
    void descriptionIsAtMostTwoThousandCharacters() {
        set("description", "d".repeat(2000));
        assertValid();
        set("description", "d".repeat(2001));
        assertRefused("description", "at most 2000 characters");
    }

    // --- schedule ---

    @ParameterizedTest
    @ValueSource(ints = {0, -1})
    void repeatIntervalBelowOneSecondIsRefused(int interval) {
        set("repeatInterval", interval);
        assertRefused("repeatInterval", "must be at least 1, was " + interval);
    }

    @Test
    void repeatIntervalOfOneSecondIsAccepted() {
        set("repeatInterval", 1);
        assertValid();
    }

    @ParameterizedTest
    @ValueSource(strings = {"0 0/5 * * * ?", "0 15 10 ? * MON-FRI", "0 15 10 ? * MON-FRI 2030", "  0 0 12 * * ?  "})
    void quartzCronExpressionsAreAccepted(String cron) {
        set("cronExpression", cron);
        assertValid();
    }

    @ParameterizedTest
    @ValueSource(strings = {"every five minutes", "*/5 * * * *", "0 0 25 * * ?", "0 0 12 * * ? 2030 extra", "0 61 * * * ?"})
    void invalidCronExpressionIsRefused(String cron) {
        set("cronExpression", cron);
        assertRefused("cronExpression", "'" + cron + "' is not a Quartz cron expression");
    }

    @Test
    void blankCronExpressionMeansTheRepeatInterval() {
        set("cronExpression", "   ");
        assertValid();
    }

    @ParameterizedTest
    @ValueSource(ints = {-1, 1, 1000})
    void repeatCountIsMinusOneOrPositive(int count) {
        set("repeatCount", count);
        assertValid();
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -2, Integer.MIN_VALUE})
    void repeatCountOfZeroOrBelowMinusOneIsRefused(int count) {
        set("repeatCount", count);
        assertRefused("repeatCount", "must be -1 (never ends) or a number of scans, was " + count);
    }

    // --- flow control ---

    @Test
    void flowControlDefaultsAreValid() {
        assertValid();
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1})
    void maxQueueSizeBelowOneIsRefused(int size) {
        set("maxQueueSize", size);
        assertRefused("maxQueueSize", "must be at least 1, was " + size);
    }

    @ParameterizedTest
    @ValueSource(ints = {-1, 101})
    void freeQueueSizeThresholdOutsideAPercentageIsRefused(int percent) {
        set("freeQueueSizeThreshold", percent);
        assertRefused("freeQueueSizeThreshold", percent < 0 ? "must be at least 0, was -1" : "must be a percentage (0 to 100), was 101");
    }

    @Test
    void negativeOverStoreSettingsAreRefused() {
        set("sleepOnOverStoreRetryCount", -1);
        assertRefused("sleepOnOverStoreRetryCount", "must be at least 0, was -1");
        set("sleepOnOverStoreRetryCount", 0);
        set("sleepOnOverStore", -5L);
        assertRefused("sleepOnOverStore", "must be 0 or more, was -5");
        set("sleepOnOverStore", 0L);
        set("minimumFreeSpace", -1L);
        assertRefused("minimumFreeSpace", "must be 0 or more, was -1");
    }

    // --- batch, wait, purge ---

    @ParameterizedTest
    @ValueSource(ints = {0, -5})
    void batchSizeBelowOneIsRefused(int size) {
        set("batchSize", size);
        assertRefused("batchSize", "must be at least 1, was " + size);
    }

    @Test
    void batchSizeAboveTenThousandIsRefused() {
        set("batchSize", 10_001);
        assertRefused("batchSize", "must be at most 10000, was 10001");
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 10_000})
    void batchSizeAtTheLimitsIsAccepted(int size) {
        set("batchSize", size);
        assertValid();
    }

    @ParameterizedTest
    @ValueSource(longs = {0, 1, 86_400_000L * 365})
    void waitTimeOfZeroOrMoreIsAccepted(long millis) {
        set("waitTime", millis);
        assertValid();
    }

    @ParameterizedTest
    @ValueSource(longs = {-1, Long.MIN_VALUE})
    void negativeWaitTimeIsRefused(long millis) {
        set("waitTime", millis);
        assertRefused("waitTime", "must be 0 or more milliseconds, was " + millis);
    }

    @ParameterizedTest
    @ValueSource(ints = {-1, 1, 30})
    void purgeDurationIsMinusOneOrPositive(int days) {
        set("purgeDuration", days);
        assertValid();
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -7})
    void purgeDurationOfZeroOrBelowMinusOneIsRefused(int days) {
        set("purgeDuration", days);
        assertRefused("purgeDuration", "must be -1 (never ends) or a number of days, was " + days);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -2})
    void jobRecordDurationOfZeroOrBelowMinusOneIsRefused(int days) {
        set("jobRecordDuration", days);
        assertRefused("jobRecordDuration", "must be -1 (never ends) or a number of days, was " + days);
    }

    // --- identity ---

    @ParameterizedTest
    @ValueSource(strings = {"", "  ", "\t"})
    void blankUserNameIsRefused(String blank) {
        set("userName", blank);
        assertRefused("userName", "must not be empty");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "  "})
    void blankDomainNameIsRefused(String blank) {
        set("domainName", blank);
        assertRefused("domainName", "must not be empty");
    }

    @Test
    void otherUserAndDomainAreAccepted() {
        set("userName", "scanner");
        set("domainName", "ACME");
        assertValid();
    }

    // --- file patterns ---

    @Test
    void badIncludePatternIsRefusedWithThePatternsReason() {
        set("includeFilePattern", "Data[0-9");
        assertRefused("includeFilePattern", "'Data[0-9' has an unclosed [ at position 5");
        set("includeFilePattern", "regex:(");
        assertRefused("includeFilePattern", "'regex:(' is not a valid regular expression");
        set("includeFilePattern", ";");
        assertRefused("includeFilePattern", "the pattern list is empty");
        set("includeFilePattern", "");
        assertRefused("includeFilePattern", "the pattern list is empty");
    }

    @Test
    void badExcludePatternIsRefusedWithThePatternsReason() {
        set("excludeFilePattern", "*.tmp;'open");
        assertRefused("excludeFilePattern", "has an unclosed quote");
        set("excludeFilePattern", "regex:[");
        assertRefused("excludeFilePattern", "is not a valid regular expression");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "  ", "*.tmp;~*"})
    void emptyOrValidExcludePatternIsAccepted(String pattern) {
        set("excludeFilePattern", pattern);
        assertValid();
    }

    // --- output folders ---

    @Test
    void resultFolderIsRequired() {
        set("resultFolder", "");
        assertRefused("resultFolder", "a folder is required");
    }

    @ParameterizedTest
    @ValueSource(strings = {".", "./", "result/..", "%Y/..", "%%/.."})
    void resultFolderCannotBeTheWatchedFolderItself(String folder) {
        set("resultFolder", folder);
        assertRefused("resultFolder", "must not be the watched folder itself");
    }

    @Test
    void absoluteResultFolderThatIsTheWatchedFolderIsRefused() {
        set("resultFolder", watched().toString());
        assertRefused("resultFolder", "must not be the watched folder itself");
    }

    @ParameterizedTest
    @ValueSource(strings = {"../x", "../result/%Y", "result/../../x"})
    void relativeResultFolderMustStayInsideTheWatchedFolder(String folder) {
        set("resultFolder", folder);
        assertRefused("resultFolder", "must stay inside the watched folder, was '" + folder + "'");
    }

    @Test
    void absoluteResultFolderInsideTheRootsIsAccepted() {
        set("resultFolder", root.resolve("results/%Y/%M/").toString());
        assertValid();
    }

    @Test
    void absoluteResultFolderOutsideTheRootsIsRefused() {
        String folder = outside.resolve("results").toString();
        set("resultFolder", folder);
        assertRefused("resultFolder", "'" + folder + "' is not below an allowed root");
    }

    @Test
    void resultFolderThroughALinkLeadingOutsideIsRefused() throws IOException {
        Path watched = Files.createDirectories(watched());
        Files.createSymbolicLink(watched.resolve("out"), outside);
        set("resultFolder", "out/%Y");
        assertRefused("resultFolder", "'out/%Y' is not below an allowed root");
    }

    @Test
    void badTemplateIsRefusedForTheFieldItIsIn() {
        set("resultFolder", "result/%Q");
        assertRefused("resultFolder", "%Q is not a folder pattern");
        unset("resultFolder");
        set("preserveFolder", "preserve/%");
        assertRefused("preserveFolder", "a trailing % is not a folder pattern");
        unset("preserveFolder");
        set("failureFolder", "failure/%Q");
        assertRefused("failureFolder", "%Q is not a folder pattern");
    }

    @Test
    void outputFolderThatIsNoPathIsRefusedAsAnInvalidField() {
        set("failureFolder", "failure/\u0000");
        assertRefused("failureFolder", "is not a valid path");
    }

    @Test
    void emptyPreserveFolderIsAcceptedMeaningDeleteTheSource() {
        set("preserveFolder", "");
        assertValid();
    }

    @Test
    void blankPreserveFolderIsRefused() {
        set("preserveFolder", "  ");
        assertRefused("preserveFolder", "a folder is required");
    }

    @Test
    void preserveFolderCannotBeTheWatchedFolderItself() {
        set("preserveFolder", ".");
        assertRefused("preserveFolder", "must not be the watched folder itself");
    }

    @Test
    void failureFolderIsRequired() {
        set("failureFolder", "");
        assertRefused("failureFolder", "a folder is required");
    }

    @Test
    void absoluteFailureFolderIsRefusedEvenInsideTheRoots() {
        String folder = root.resolve("failures").toString();
        set("failureFolder", folder);
        assertRefused("failureFolder", "must be relative to the watched folder, was '" + folder + "'");
    }

    @Test
    void failureFolderMustStayInsideTheWatchedFolder() {
        set("failureFolder", "../failure");
        assertRefused("failureFolder", "must stay inside the watched folder");
    }

    @ParameterizedTest
    @ValueSource(strings = {"stage/%Y", "stage", "./stage/done/"})
    void outputFoldersMayNotLieInTheStageFolder(String folder) {
        set("resultFolder", folder);
        assertRefused("resultFolder", "must not lie in the stage folder");
    }

    @ParameterizedTest
    @ValueSource(strings = {"%Y/%M/%D/", "%P/", "%F/", "%F-%E", "%H%m", "res%R/x", "result/../%Y/x", "./%d/"})
    void resultFolderWhoseFirstFolderChangesWithTheJobOrTheTimeIsRefused(String folder) {
        // The scan keeps that first folder out of the watched folder's work; a changing one (last
        // year's results, another job's) would be taken as a dropped job folder.
        set("resultFolder", folder);
        assertRefused("resultFolder", "the first folder of '" + folder + "' in the watched folder must not change");
    }

    @Test
    void preserveAndFailureFoldersMayNotChangeTheirFirstFolderEither() {
        set("preserveFolder", "%Y/");
        assertRefused("preserveFolder", "must not change from job to job");
        unset("preserveFolder");
        set("failureFolder", "%F/%Y");
        assertRefused("failureFolder", "must not change from job to job");
    }

    @Test
    void absoluteResultFolderInsideTheWatchedFolderMayNotChangeItsFirstFolder() {
        set("resultFolder", watched().resolve("%Y/%M").toString());
        assertRefused("resultFolder", "must not change from job to job");
    }

    @ParameterizedTest
    @ValueSource(strings = {"result/%P/", "%J/%Y/", "%%done/%F-%E/", "./out/%Y/%M/%D/%H/"})
    void resultFolderWithAFixedFirstFolderMayChangeBelowIt(String folder) {
        set("resultFolder", folder);
        assertValid();
    }

    @Test
    void absoluteResultFolderOutsideTheWatchedFolderMayChangeAnywhere() {
        set("resultFolder", root.resolve("results-%Y/%P").toString());
        assertValid();
    }

    @Test
    void fieldsAreCheckedInOrderSoTheFirstFaultIsReported() {
        set("name", "");
        set("batchSize", 0);
        assertEquals("name", refusal().field());
    }

    // --- input parameter mappings ---

    private void useXslt(String inputMappings) {
        set("operationName", "xslt");
        set("inputParameterMappings", JsonText.value(inputMappings));
    }

    @Test
    void mappingTheRequiredStylesheetIsEnoughForXslt() {
        useXslt("{\"stylesheet\":{\"type\":\"variable\",\"value\":\"*.xsl\"}}");
        assertValid();
    }

    @Test
    void everyInputMayBeMappedWithAValueOfItsType() {
        useXslt("""
                {"input":{"type":"variable","value":"*.xml"},
                 "stylesheet":{"type":"variable","value":"regex:.*\\\\.xslt?"},
                 "level":{"type":"literal","value":" 7 "}}""");
        assertValid();
    }

    @Test
    void requiredInputWithoutDefaultMustBeMapped() {
        useXslt("{}");
        assertRefused("inputParameterMappings.stylesheet", "operation 'xslt' needs input 'stylesheet' (Document); map it");
    }

    @Test
    void theMainInputAndOptionalInputsNeedNoMapping() {
        // 'input' takes the dropped file, 'level' has a default: only 'stylesheet' is missing.
        useXslt("{\"level\":{\"type\":\"literal\",\"value\":\"1\"}}");
        ConveyorException e = refusal();
        assertEquals("inputParameterMappings.stylesheet", e.field());
    }

    @Test
    void mappingAnUnknownInputIsRefusedListingTheInputs() {
        useXslt("""
                {"stylesheet":{"type":"variable","value":"*.xsl"},
                 "colour":{"type":"literal","value":"red"}}""");
        assertRefused("inputParameterMappings.colour", "operation 'xslt' has no input named 'colour'; its inputs: [input, stylesheet, level, note]");
    }

    @Test
    void mappingAnInputOfAnOperationWithoutItIsRefused() {
        set("inputParameterMappings", JsonText.value("{\"stylesheet\":{\"type\":\"variable\",\"value\":\"*.xsl\"}}"));
        assertRefused("inputParameterMappings.stylesheet", "operation 'copy' has no input named 'stylesheet'; its inputs: [input]");
    }

    @ParameterizedTest
    @ValueSource(strings = {"three", "3.5", "", "99999999999"})
    void literalThatDoesNotConvertToTheParametersTypeIsRefused(String literal) {
        useXslt("{\"stylesheet\":{\"type\":\"variable\",\"value\":\"*.xsl\"},"
                + "\"level\":{\"type\":\"literal\",\"value\":\"" + literal + "\"}}");
        assertRefused("inputParameterMappings.level", "'" + literal + "' is not a valid int");
    }

    @Test
    void variableMappingOfANumberParameterIsAccepted() {
        // The job's matching file holds the value; whether it parses is known only when a job comes.
        useXslt("{\"stylesheet\":{\"type\":\"variable\",\"value\":\"*.xsl\"},"
                + "\"level\":{\"type\":\"variable\",\"value\":\"*.level\"}}");
        assertValid();
    }

    @Test
    void variableMappingOfAStringParameterIsAccepted() {
        useXslt("{\"stylesheet\":{\"type\":\"variable\",\"value\":\"*.xsl\"},"
                + "\"note\":{\"type\":\"variable\",\"value\":\"*.txt\"}}");
        assertValid();
    }

    @Test
    void literalMappingOfADocumentParameterIsRefused() {
        useXslt("{\"stylesheet\":{\"type\":\"literal\",\"value\":\"style.xsl\"}}");
        assertRefused("inputParameterMappings.stylesheet", "a Document parameter takes a variable mapping (a file pattern), not a literal");
    }

    @Test
    void variableMappingWithABadFilePatternIsRefused() {
        useXslt("{\"stylesheet\":{\"type\":\"variable\",\"value\":\"style[.xsl\"}}");
        assertRefused("inputParameterMappings.stylesheet", "'style[.xsl' has an unclosed [");
    }

    // --- output parameter mappings ---

    @ParameterizedTest
    @ValueSource(strings = {"%F.txt", "pages/", "out/%Y/%F-%P.xml", "result.xml"})
    void validOutputMappingsAreAccepted(String pattern) {
        set("outputParameterMappings", Json.createObjectBuilder().add("output", pattern).build());
        assertValid();
    }

    @Test
    void mappingAnUnknownOutputIsRefusedListingTheOutputs() {
        set("outputParameterMappings", JsonText.value("{\"pdf\":\"%F.pdf\"}"));
        assertRefused("outputParameterMappings.pdf", "operation 'copy' has no output named 'pdf'; its outputs: [output]");
    }

    @Test
    void outputMappingWithAnUnknownPlaceholderIsRefused() {
        set("outputParameterMappings", JsonText.value("{\"output\":\"%F.%Q\"}"));
        assertRefused("outputParameterMappings.output", "%Q is not a folder pattern");
    }

    @ParameterizedTest
    @ValueSource(strings = {"../%F.txt", "/tmp/%F.txt", "a/../../x", "."})
    void outputMappingLeavingTheResultFolderIsRefused(String pattern) {
        set("outputParameterMappings", Json.createObjectBuilder().add("output", pattern).build());
        assertRefused("outputParameterMappings.output", "'" + pattern + "' must name a place inside the result folder");
    }

    @Test
    void emptyOutputMappingIsRefused() {
        set("outputParameterMappings", JsonText.value("{\"output\":\" \"}"));
        assertRefused("outputParameterMappings.output", "an output pattern must not be empty");
    }

    // --- service-wide defaults ---

    @Test
    void anExpiredFolderFollowsTheRulesOfTheFailureFolder() {
        set("wait", JsonText.value("{\"releaseSignalId\":\"${file.baseName}\",\"expiredFolder\":\"/elsewhere/\"}"));
        assertRefused("wait.expiredFolder", "must be relative to the watched folder");
        set("wait", JsonText.value("{\"releaseSignalId\":\"${file.baseName}\",\"expiredFolder\":\"stage/x\"}"));
        assertRefused("wait.expiredFolder", "stage folder");
        set("wait", JsonText.value("{\"releaseSignalId\":\"${file.baseName}\"}"));
        assertValid();
    }

    @Test
    void aFanOutNeedsAJoinThatTakesAListAndNoWaitBesideIt() {
        set("fanOut", JsonText.value("{\"endpoint\":\"pages\",\"joinOperation\":\"archive.zip\"}"));
        assertValid();
        set("fanOut", JsonText.value("{\"endpoint\":\"pages\",\"joinOperation\":\"copy\"}"));
        assertRefused("fanOut.joinOperation", "does not take a document list");
        set("fanOut", JsonText.value("{\"endpoint\":\"pages\",\"joinOperation\":\"zip.all\"}"));
        assertRefused("fanOut.joinOperation", "no operation is named 'zip.all'");
        set("fanOut", JsonText.value("{\"endpoint\":\"invoices\",\"joinOperation\":\"archive.zip\"}"));
        assertRefused("fanOut.endpoint", "must be another endpoint");
        set("fanOut", JsonText.value("{\"endpoint\":\"pages\",\"joinOperation\":\"archive.zip\"}"));
        set("wait", JsonText.value("{\"releaseSignalId\":\"${file.baseName}\"}"));
        assertRefused("fanOut", "cannot have a wait as well");
    }

    private static SettingValues serviceDefaults(String json) {
        return SettingValues.fromJson(JsonText.value(json).asJsonObject(), EndpointSettings.SERVICE_WIDE);
    }

    @Test
    void noServiceDefaultsAreValid() {
        EndpointValidator.validateServiceDefaults(SettingValues.EMPTY);
    }

    @Test
    void validServiceDefaultsAreAccepted() {
        EndpointValidator.validateServiceDefaults(serviceDefaults("""
                {"cronExpression":"0 0/5 * * * ?","repeatCount":3,"batchSize":50,"waitTime":2000,"purgeDuration":7,
                 "userName":"scanner","domainName":"ACME","includeFilePattern":"*.pdf","excludeFilePattern":"",
                 "resultFolder":"out/%Y/","preserveFolder":"","failureFolder":"failed/%Y/"}"""));
    }

    @Test
    void serviceDefaultsAreCheckedOnTheirOwn() {
        assertRefused(() -> EndpointValidator.validateServiceDefaults(serviceDefaults("{\"cronExpression\":\"often\"}")),
                "cronExpression", "is not a Quartz cron expression");
        assertRefused(() -> EndpointValidator.validateServiceDefaults(serviceDefaults("{\"repeatInterval\":0}")),
                "repeatInterval", "must be at least 1, was 0");
        assertRefused(() -> EndpointValidator.validateServiceDefaults(serviceDefaults("{\"repeatCount\":0}")),
                "repeatCount", "must be -1 (never ends) or a number of scans, was 0");
        assertRefused(() -> EndpointValidator.validateServiceDefaults(serviceDefaults("{\"batchSize\":0}")),
                "batchSize", "must be at least 1, was 0");
        assertRefused(() -> EndpointValidator.validateServiceDefaults(serviceDefaults("{\"includeFilePattern\":\"[\"}")),
                "includeFilePattern", "has an unclosed [");
        assertRefused(() -> EndpointValidator.validateServiceDefaults(serviceDefaults("{\"excludeFilePattern\":\"regex:(\"}")),
                "excludeFilePattern", "is not a valid regular expression");
        assertRefused(() -> EndpointValidator.validateServiceDefaults(serviceDefaults("{\"resultFolder\":\"out/%Q\"}")),
                "resultFolder", "%Q is not a folder pattern");
        assertRefused(() -> EndpointValidator.validateServiceDefaults(serviceDefaults("{\"failureFolder\":\"%\"}")),
                "failureFolder", "a trailing % is not a folder pattern");
    }

    @Test
    void serviceDefaultsRefuseWhatNoEndpointCouldRunWith() {
        // Each of these holds on its own, whatever endpoint inherits it: accepting it would make
        // every later endpoint that leaves the setting out invalid, over a setting it never gave.
        assertRefused(() -> EndpointValidator.validateServiceDefaults(serviceDefaults("{\"batchSize\":10001}")),
                "batchSize", "must be at most 10000, was 10001");
        assertRefused(() -> EndpointValidator.validateServiceDefaults(serviceDefaults("{\"waitTime\":-1}")),
                "waitTime", "must be 0 or more milliseconds, was -1");
        assertRefused(() -> EndpointValidator.validateServiceDefaults(serviceDefaults("{\"purgeDuration\":0}")),
                "purgeDuration", "must be -1 (never ends) or a number of days, was 0");
        assertRefused(() -> EndpointValidator.validateServiceDefaults(serviceDefaults("{\"userName\":\" \"}")),
                "userName", "must not be empty");
        assertRefused(() -> EndpointValidator.validateServiceDefaults(serviceDefaults("{\"domainName\":\"\"}")),
                "domainName", "must not be empty");
    }
}
