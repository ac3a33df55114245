package dev.conveyor.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.common.BatchJobs;
import dev.conveyor.endpoint.EndpointSettings;
import dev.conveyor.endpoint.Setting;
import dev.conveyor.web.openapi.ApiSchemas;
import dev.conveyor.web.openapi.UntypedResponses;
import dev.conveyor.web.testing.ApiClient;
import dev.conveyor.web.testing.ConveyorArchive;
import dev.conveyor.web.testing.ApiClient.Reply;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.net.URI;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The admin API in a real Payara Micro: JAX-RS, Jakarta Security, JPA on the embedded H2,
 * validation, and a Jakarta Batch job with its repository in the application's database.
 * The deployment leaves out the JMS parts (workers, dispatch, scanning) and what reaches them
 * through the API: TransactionalServicesIT tests those services in the container, and the
 * black-box stack tests the whole of it.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class AdminApiIT {

    private static final Set<String> NEEDS_BROKER = Set.of("JobWorker", "ResultWriter", "JobDispatcher",
            "JobRunner", "JobCompletion", "Recovery", "BatchSchedule",
            "WaitingRoom", "WaitSweep", "SignalService", "JobNotifier", "SignalListener", "SignalResource",
            "signal/FanOut.class", "FanIn", "WaitingResource", "WaitingJobResource");

    @ArquillianResource
    URL root;

    @Deployment(testable = false)
    static WebArchive deployment() {
        return ConveyorArchive.of("conveyor.war", NEEDS_BROKER);
    }

    private ApiClient api() {
        return new ApiClient(URI.create(root.toString()).resolve("/api/"), "admin", System.getProperty("arquillian.admin.password"));
    }

    @Test
    void everyCallNeedsTheAdminPassword() {
        assertEquals(401, api().as(null, null).get("endpoints").status());
        assertEquals(401, api().as("admin", "wrong").get("endpoints").status());
        assertEquals(401, api().as("root", System.getProperty("arquillian.admin.password")).get("endpoints").status());
        assertEquals(200, api().get("endpoints").status());
    }

    @Test
    void anEndpointIsCreatedWithTheManualsDefaultsAndManagedByName() {
        ApiClient api = api();
        Reply created = api.post("endpoints", "{\"name\":\"lifecycle\",\"path\":\"lifecycle\",\"operationName\":\"copy\"}");
        assertEquals(201, created.status(), created::toString);
        JsonObject endpoint = created.object();
        assertEquals("ENABLED", endpoint.getString("state"));
        assertTrue(endpoint.getBoolean("asynchronous"));
        assertEquals(5, endpoint.getInt("repeatInterval"));
        assertEquals(2, endpoint.getInt("batchSize"));
        assertEquals("*", endpoint.getString("includeFilePattern"));
        assertEquals("result/%Y/%M/%D/", endpoint.getString("resultFolder"));
        assertEquals("preserve/%Y/%M/%D/", endpoint.getString("preserveFolder"));
        assertEquals("failure/%Y/%M/%D/", endpoint.getString("failureFolder"));
        assertTrue(Files.isDirectory(Path.of(endpoint.getString("path"))), "the watched folder is created");

        Reply changed = api.put("endpoints/lifecycle", "{\"batchSize\":7}");
        assertEquals(200, changed.status(), changed::toString);
        assertEquals(7, changed.object().getInt("batchSize"));
        assertEquals("copy", changed.object().getString("operationName"), "fields left out keep their value");

        assertEquals("PAUSED", api.post("endpoints/lifecycle/pause", null).object().getString("state"));
        assertEquals("PAUSED", api.get("endpoints/lifecycle").object().getString("state"));
        assertEquals("ENABLED", api.post("endpoints/lifecycle/resume", null).object().getString("state"));
        assertTrue(api.get("endpoints").array().stream().anyMatch(e -> e.asJsonObject().getString("name").equals("lifecycle")));

        assertEquals(204, api.delete("endpoints/lifecycle").status());
        assertError(api.get("endpoints/lifecycle"), 404, "CNV-1001-E", null);
    }

    @Test
    void badRequestsGetAClearError() {
        ApiClient api = api();
        assertEquals(201, api.post("endpoints", "{\"name\":\"taken\",\"path\":\"taken\",\"operationName\":\"copy\"}").status());
        assertError(api.post("endpoints", "{\"name\":\"taken\",\"path\":\"other\",\"operationName\":\"copy\"}"), 409, "CNV-1002-E", null);
        assertError(api.post("endpoints", "{\"name\":\"again\",\"path\":\"taken\",\"operationName\":\"copy\"}"), 409, "CNV-1004-E", null);
        assertError(api.post("endpoints", "{\"name\":\"outside\",\"path\":\"/etc/conveyor\",\"operationName\":\"copy\"}"), 400, "CNV-1003-E", "path");
        assertError(api.post("endpoints", "{\"name\":\"noop\",\"path\":\"noop\",\"operationName\":\"shred\"}"), 400, "CNV-1003-E", "operationName");
        assertError(api.post("endpoints", "{\"name\":\"b\",\"path\":\"b\",\"operationName\":\"copy\",\"batchSize\":\"two\"}"), 400, "CNV-1003-E", "batchSize");
        assertError(api.post("endpoints", "{\"name\":\"b\",\"path\":\"b\",\"operationName\":\"copy\",\"bachSize\":2}"), 400, "CNV-1003-E", "bachSize");
        assertError(api.post("endpoints", "{\"name\":\"b\",\"path\":\"b\",\"operationName\":\"copy\",\"resultFolder\":\"out/%Q\"}"), 400, "CNV-1003-E", "resultFolder");
        assertError(api.post("endpoints", "{\"name\":\"b<\",\"path\":\"b\",\"operationName\":\"copy\"}"), 400, "CNV-1003-E", "name");
        assertError(api.post("endpoints", "{\"name\":"), 400, "CNV-1006-E", null);
        assertError(api.put("endpoints/taken", "{\"name\":\"renamed\"}"), 400, "CNV-1003-E", "name");
        assertError(api.put("endpoints/missing", "{\"batchSize\":3}"), 404, "CNV-1001-E", null);
        assertError(api.get("jobs?state=LOST"), 400, "CNV-1009-E", null);
        assertError(api.get("jobs?limit=0"), 400, "CNV-1009-E", null);
        assertError(api.get("jobs/no-such-job"), 404, "CNV-1005-E", null);
        assertError(api.post("batch/jobs/format-disk", null), 404, "CNV-1007-E", null);
        assertError(api.get("no-such-resource"), 404, "CNV-1010-E", null);
    }

    @Test
    void everySettingOfTheManualIsShownWithItsDefault() {
        ApiClient api = api();
        JsonObject endpoint = api.post("endpoints", "{\"name\":\"defaults\",\"path\":\"defaults\",\"operationName\":\"copy\"}").object();
        assertEquals("", endpoint.getString("description"));
        assertEquals("", endpoint.getString("cronExpression"));
        assertEquals(-1, endpoint.getInt("repeatCount"));
        assertEquals(false, endpoint.getBoolean("throttle"));
        assertEquals("SuperAdmin", endpoint.getString("userName"));
        assertEquals("DefaultDom", endpoint.getString("domainName"));
        assertEquals(0, endpoint.getInt("waitTime"));
        assertEquals(".*", endpoint.getString("excludeFilePattern"));
        assertEquals(true, endpoint.getBoolean("preserveOnFailure"));
        assertEquals(false, endpoint.getBoolean("overwriteDuplicateFilename"));
        assertEquals(-1, endpoint.getInt("purgeDuration"));
        assertTrue(endpoint.getJsonObject("inputParameterMappings").isEmpty());
        assertTrue(endpoint.getJsonObject("outputParameterMappings").isEmpty());
        assertEquals(204, api.delete("endpoints/defaults").status());
    }

    @Test
    void serviceWideDefaultsApplyToEndpointsThatLeaveASettingOut() {
        ApiClient api = api();
        assertEquals(201, api.post("endpoints", "{\"name\":\"inherits\",\"path\":\"inherits\",\"operationName\":\"copy\"}").status());
        assertEquals(201, api.post("endpoints", "{\"name\":\"own\",\"path\":\"own\",\"operationName\":\"copy\",\"batchSize\":4}").status());
        Reply changed = api.put("settings", "{\"batchSize\":9,\"userName\":\"scanner\"}");
        assertEquals(200, changed.status(), changed::toString);
        assertEquals(9, changed.object().getInt("batchSize"));
        assertEquals(9, api.get("endpoints/inherits").object().getInt("batchSize"));
        assertEquals("scanner", api.get("endpoints/inherits").object().getString("userName"));
        assertEquals(4, api.get("endpoints/own").object().getInt("batchSize"), "a setting the endpoint gives is its own");
        assertError(api.put("settings", "{\"batchSize\":0}"), 400, "CNV-1003-E", "batchSize");
        assertError(api.put("settings", "{\"operationName\":\"copy\"}"), 400, "CNV-1003-E", "operationName");
        assertEquals(200, api.put("settings", "{\"batchSize\":2,\"userName\":\"SuperAdmin\"}").status());
        api.delete("endpoints/inherits");
        api.delete("endpoints/own");
    }

    @Test
    void settingsThatWouldFailAtScanTimeAreRefusedAtSave() {
        ApiClient api = api();
        String base = "\"name\":\"checked\",\"path\":\"checked\",\"operationName\":\"copy\"";
        assertError(api.post("endpoints", "{" + base + ",\"cronExpression\":\"every minute\"}"), 400, "CNV-1003-E", "cronExpression");
        assertError(api.post("endpoints", "{" + base + ",\"excludeFilePattern\":\"[abc\"}"), 400, "CNV-1003-E", "excludeFilePattern");
        assertError(api.post("endpoints", "{" + base + ",\"repeatCount\":0}"), 400, "CNV-1003-E", "repeatCount");
        assertError(api.post("endpoints", "{" + base + ",\"inputParameterMappings\":{\"level\":{\"type\":\"literal\",\"value\":\"3\"}}}"),
                400, "CNV-1003-E", "inputParameterMappings.level");
        assertError(api.post("endpoints", "{" + base + ",\"outputParameterMappings\":{\"output\":\"/etc/%F\"}}"),
                400, "CNV-1003-E", "outputParameterMappings.output");
        Reply cron = api.post("endpoints", "{" + base + ",\"cronExpression\":\"0 0/5 * * * ?\"}");
        assertEquals(201, cron.status(), cron::toString);
        api.delete("endpoints/checked");
    }

    @Test
    void operationsAreListedWithTheirParameters() {
        Reply operations = api().get("operations");
        assertEquals(200, operations.status());
        assertTrue(operations.array().stream().anyMatch(o -> o.asJsonObject().getString("name").equals("copy")
                && o.asJsonObject().getString("signature").equals("copy(input: Document) -> output: Document")), operations::toString);
    }

    @Test
    void theJobCountReportRunsToCompletion() throws Exception {
        ApiClient api = api();
        JsonObject execution = awaitBatch(api, api.post("batch/jobs/" + BatchJobs.JOB_COUNT_REPORT, null));
        assertEquals("COMPLETED", execution.getString("status"), execution::toString);
        assertTrue(execution.getString("exitStatus").endsWith(" endpoints"), execution::toString);
        Path report = Path.of(System.getProperty("arquillian.var"), "reports",
                "job-counts-" + execution.getJsonNumber("executionId").longValue() + ".json");
        assertTrue(Files.readString(report).contains("\"totalJobs\""), "the report is written to var/reports");
        assertError(api.get("batch/executions/987654"), 404, "CNV-1008-E", null);
    }

    @Test
    void thePurgeRunsToCompletionAndDeletesNothingNoJobWrote() throws Exception {
        ApiClient api = api();
        Reply created = api.post("endpoints", "{\"name\":\"purged\",\"path\":\"purged\",\"operationName\":\"copy\","
                + "\"purgeDuration\":1}");
        Path folder = Path.of(created.object().getString("path"));
        Path old = Files.createDirectories(folder.resolve("result/2020/01/01")).resolve("old.txt");
        Files.writeString(old, "old");
        Files.setLastModifiedTime(old, java.nio.file.attribute.FileTime.from(Instant.now().minus(Duration.ofDays(3))));

        JsonObject execution = awaitBatch(api, api.post("batch/jobs/" + BatchJobs.PURGE, null));
        assertEquals("COMPLETED", execution.getString("status"), execution::toString);
        assertTrue(execution.getString("exitStatus").startsWith("deleted 0 files (0 bytes)"), execution::toString);
        assertTrue(Files.exists(old), "the purge judges by the jobs: an old file no job recorded is not its to delete");
        api.delete("endpoints/purged");
    }

    @Test
    void priorityRulesAreCheckedAtSaveAndEditedInPlace() {
        ApiClient api = api();
        Reply unparsable = api.post("priority-rules", "{\"name\":\"odd\",\"expression\":\"file.size > > 1\",\"jmsPriority\":5}");
        assertError(unparsable, 400, "CNV-1003-E", "expression");
        assertTrue(unparsable.object().getString("message").contains("file.size > > 1"), unparsable::toString);
        assertError(api.post("priority-rules", "{\"name\":\"odd\",\"expression\":\"true\",\"jmsPriority\":5,\"colour\":1}"),
                400, "CNV-1003-E", "colour");
        assertError(api.post("priority-rules", "{\"name\":\"default\",\"expression\":\"true\",\"jmsPriority\":5}"),
                409, "CNV-6002-E", null);
        assertError(api.get("priority-rules/no-such-rule"), 404, "CNV-6001-E", null);

        Reply created = api.post("priority-rules", "{\"name\":\"big\",\"expression\":\"file.size > 1000000\",\"jmsPriority\":7}");
        assertEquals(201, created.status(), created::toString);
        String id = created.object().getString("id");
        assertEquals(100, created.object().getInt("share"), "share defaults to 100");
        Reply changed = api.put("priority-rules/" + id, "{\"share\":30,\"enabled\":false}");
        assertEquals(30, changed.object().getInt("share"), changed::toString);
        assertEquals(false, changed.object().getBoolean("enabled"));
        assertError(api.put("priority-rules/" + id, "{\"share\":0}"), 400, "CNV-1003-E", "share");
        assertError(api.put("priority-rules/settings", "{\"recentWindowSeconds\":0}"), 400, "CNV-1003-E", "recentWindowSeconds");
        assertTrue(api.get("priority-rules/stats").array().getValuesAs(JsonObject.class).stream()
                .anyMatch(bucket -> bucket.getString("bucket").equals("default")));
        assertEquals(204, api.delete("priority-rules/" + id).status());
    }

    @Test
    void theOpenApiDocumentDescribesEverySettingAsDeclaredAndEveryErrorBody() throws IOException {
        Reply document = new ApiClient(URI.create(root.toString()).resolve("/"), null, null).get("openapi?format=JSON");
        assertEquals(200, document.status(), document::toString);
        Files.writeString(Path.of("target/openapi.json"), document.body());
        JsonObject schemas = document.object().getJsonObject("components").getJsonObject("schemas");
        JsonObject settings = schemas.getJsonObject(ApiSchemas.ENDPOINT_SETTINGS).getJsonObject("properties");
        assertEquals(EndpointSettings.ALL.stream().map(Setting::name).toList(), List.copyOf(settings.keySet()));
        for (Setting<?> setting : EndpointSettings.ALL) {
            JsonObject declared = ApiSchemas.property(setting);
            JsonObject served = settings.getJsonObject(setting.name());
            assertEquals(declared.getString("description"), served.getString("description"), setting.name());
            assertEquals(declared.getString("type"), served.getString("type"), setting.name());
            // Payara's writer leaves out an empty default: "", {}, or none (description, the mappings, wait).
            JsonValue declaredDefault = declared.get("default");
            boolean leftOut = declaredDefault == null || Set.of("null", "\"\"", "{}", "[]").contains(declaredDefault.toString());
            assertEquals(leftOut ? null : declaredDefault, served.get("default"), setting.name());
        }
        assertEquals(EndpointSettings.ALL.stream().filter(Setting::required).map(Setting::name).toList(),
                schemas.getJsonObject(ApiSchemas.ENDPOINT_SETTINGS).getJsonArray("required").getValuesAs(JsonString::getString));
        assertEquals(ApiSchemas.all().get(ApiSchemas.ERROR).getJsonObject("properties").getJsonObject("code").getJsonArray("enum"),
                schemas.getJsonObject(ApiSchemas.ERROR).getJsonObject("properties").getJsonObject("code").getJsonArray("enum"));

        JsonObject createdAt = schemas.getJsonObject("JobView").getJsonObject("properties").getJsonObject("createdAt");
        assertEquals("string", createdAt.getString("type"), createdAt::toString);
        assertEquals("date-time", createdAt.getString("format"), createdAt::toString);

        JsonObject create = document.object().getJsonObject("paths").getJsonObject("/api/endpoints").getJsonObject("post");
        assertEquals(ApiSchemas.ref(ApiSchemas.ENDPOINT_SETTINGS), create.getJsonObject("requestBody").getJsonObject("content")
                .getJsonObject("application/json").getJsonObject("schema").getString("$ref"));
        assertEquals(ApiSchemas.ref(ApiSchemas.ENDPOINT), create.getJsonObject("responses").getJsonObject("201")
                .getJsonObject("content").getJsonObject("application/json").getJsonObject("schema").getString("$ref"));
        document.object().getJsonObject("paths").forEach((path, operations) -> operations.asJsonObject().forEach((method, operation) -> {
            if (operation instanceof JsonObject described && described.containsKey("responses")) {
                assertTrue(described.getJsonObject("responses").keySet().stream().anyMatch(status -> status.startsWith("2")),
                        () -> method + " " + path + " says what it answers: " + described);
                assertEquals(ApiSchemas.ref(ApiSchemas.ERROR), described.getJsonObject("responses").getJsonObject("default")
                        .getJsonObject("content").getJsonObject("application/json").getJsonObject("schema").getString("$ref"),
                        method + " " + path);
            }
        }));

        assertEquals(List.of(), UntypedResponses.in(document.object()), "every success response of every resource has a typed body");

        Reply ui = new ApiClient(URI.create(root.toString()).resolve("/"), null, null).get("openapi-ui/");
        assertEquals(200, ui.status(), ui::toString);
        assertTrue(ui.body().contains("SwaggerUIBundle"), ui::toString);
        Matcher bundle = Pattern.compile("src=\"\\.\\./(webjars/swagger-ui/[^\"]+/swagger-ui-bundle\\.js)\"").matcher(ui.body());
        assertTrue(bundle.find(), ui::toString);
        assertEquals(200, new ApiClient(URI.create(root.toString()).resolve("/"), null, null).get(bundle.group(1)).status(),
                "Swagger UI's script, from the WebJar");
    }

    private static JsonObject awaitBatch(ApiClient api, Reply started) throws InterruptedException {
        assertEquals(202, started.status(), started::toString);
        long id = started.object().getJsonNumber("executionId").longValue();
        JsonObject execution = started.object();
        Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
        while (!Set.of("COMPLETED", "FAILED", "ABANDONED").contains(execution.getString("status")) && Instant.now().isBefore(deadline)) {
            Thread.sleep(200);
            execution = api.get("batch/executions/" + id).object();
        }
        return execution;
    }

    private static void assertError(Reply reply, int status, String code, String field) {
        assertEquals(status, reply.status(), reply::toString);
        JsonObject error = reply.object();
        assertEquals(code, error.getString("code"), reply::toString);
        assertTrue(error.getString("message").length() > 10, reply::toString);
        if (field != null) {
            assertEquals(field, error.getString("field"), reply::toString);
        }
    }
}
