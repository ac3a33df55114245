package dev.conveyor.stack;

import static dev.conveyor.stack.Drops.drop;
import static dev.conveyor.stack.Drops.endpoint;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.client.SubmissionProtocol;
import dev.conveyor.web.testing.ApiClient;
import dev.conveyor.web.testing.ApiClient.Reply;
import jakarta.jms.BytesMessage;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSSecurityException;
import jakarta.jms.JMSSecurityRuntimeException;
import jakarta.jms.Message;
import jakarta.jms.ObjectMessage;
import jakarta.jms.TemporaryQueue;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringReader;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.function.Executable;

/**
 * Attacks on a running stack with default settings, one per test, each with its safe outcome:
 * code in expressions, cross-site requests, a viewer and an operator reaching beyond their role,
 * password guessing, a producer on Conveyor's own queues, ObjectMessages, forged attributes,
 * and anything listening beyond loopback.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AccessStackIT extends OnSharedStack {

    private static final String VIEWER_PASSWORD = "viewer-password-1";
    private static final String OPERATOR_PASSWORD = "operator-password-1";

    private Path pwned() {
        return stack.var().resolve("pwned-by-expression");
    }

    private String runtimePayload() {
        return "''.getClass().forName('java.lang.Runtime').getMethod('getRuntime').invoke(null).exec('touch " + pwned() + "') != null";
    }

    private static void assertRefusal(int status, Reply reply, String code) {
        assertEquals(status, reply.status(), reply::toString);
        JsonObject body = reply.object();
        assertEquals(code, body.getString("code"), reply::toString);
        assertFalse(body.getString("message").isBlank(), reply::toString);
    }

    private static JsonObject json(String text) {
        try (var reader = Json.createReader(new StringReader(text))) {
            return reader.readObject();
        }
    }

    @Test
    @Order(1)
    void anEscapePayloadInAPriorityRuleIsRefusedAndRunsNothing() throws Exception {
        Reply refused = api.post("priority-rules", Json.createObjectBuilder().add("name", "pwn").add("expression", runtimePayload())
                .add("jmsPriority", 9).build().toString());

        assertRefusal(400, refused, "CNV-1003-E");
        assertEquals("expression", refused.object().getString("field"));
        assertFalse(api.get("priority-rules").body().contains("pwn"), "no rule was saved");
        Thread.sleep(1000);
        assertFalse(Files.exists(pwned()), "the command did not run");
    }

    @Test
    @Order(2)
    void escapePayloadsInWaitAndNotifyAreRefusedNamingTheField() throws Exception {
        String[][] cases = {
            {"wait", "releaseSignalId", "${''.getClass().forName('java.lang.Runtime')}"},
            {"wait", "targetSignalCount", "${x['getClass']()}"},
            {"notify", "releaseSignalId", "${(x -> x)(1)}"},
            {"notify", "signalCounterDelta", "${T(java.lang.Runtime).getRuntime().exec('touch " + pwned() + "')}"},
        };
        for (String[] attack : cases) {
            var setting = Json.createObjectBuilder().add("releaseSignalId", "harmless-${file.baseName}");
            if (attack[0].equals("notify")) {
                setting.add("on", "success");
            }
            setting.add(attack[1], attack[2]);
            String body = Json.createObjectBuilder().add("name", "el-" + attack[0]).add("path", "el-" + attack[0])
                    .add("operationName", "copy").add(attack[0], setting).build().toString();
            Reply refused = api.post("endpoints", body);
            assertRefusal(400, refused, "CNV-1003-E");
            assertEquals(attack[0] + "." + attack[1], refused.object().getString("field"), refused::toString);
        }
        assertEquals(404, api.get("endpoints/el-wait").status());
        assertFalse(Files.exists(pwned()));
    }

    @Test
    @Order(3)
    void aForeignOriginOrATextBodyCannotCountASignal() {
        HttpResponse<String> browserPost = api.raw("POST", "signals/cross-site",
                Map.of("Content-Type", "text/plain", "Origin", "https://evil.example"), "{}");
        assertRefusal(403, new Reply(browserPost.statusCode(), browserPost.body()), "CNV-4103-E");

        HttpResponse<String> jsonFromAfar = api.raw("POST", "signals/cross-site",
                Map.of("Content-Type", "application/json", "Origin", "https://evil.example"), "{}");
        assertRefusal(403, new Reply(jsonFromAfar.statusCode(), jsonFromAfar.body()), "CNV-4103-E");

        HttpResponse<String> textFromHere = api.raw("POST", "signals/cross-site", Map.of("Content-Type", "text/plain"), "{}");
        assertRefusal(415, new Reply(textFromHere.statusCode(), textFromHere.body()), "CNV-4104-E");

        assertEquals(404, api.get("signals/cross-site").status(), "no signal was counted");
        assertTrue(browserPost.headers().firstValue("Access-Control-Allow-Origin").isEmpty(), "no CORS unless configured");
        assertEquals(200, api.raw("POST", "signals/cross-site", Map.of("Origin", "http://localhost:" + port()), null).statusCode(),
                "the server's own origin may, with no body");
    }

    /**
     * An OPTIONS call needs no user (a browser's CORS preflight carries none), so it must tell no
     * more than which methods a path allows: no description of the API, no server library's name.
     */
    @Test
    @Order(3)
    void anAnonymousOptionsCallTellsOnlyTheMethodsAllowed() {
        ApiClient anonymous = api.as(null, null);
        for (String path : List.of("users", "endpoints", "endpoints/fz-none", "jobs", "priority-rules", "settings")) {
            // Accepting anything, as curl does: asked for JSON, Jersey kept its description to itself.
            HttpResponse<String> reply = anonymous.raw("OPTIONS", path, Map.of("Accept", "*/*"), null);
            assertTrue(reply.statusCode() == 200 || reply.statusCode() == 204, () -> path + " -> " + reply.statusCode());
            assertTrue(reply.body().matches("([A-Z]+(, [A-Z]+)*)?"), () -> path + ": " + reply.body());
            assertTrue(reply.headers().firstValue("Allow").orElse("").contains("GET"), () -> path + " " + reply.headers().map());
            assertFalse(reply.headers().map().toString().toLowerCase(Locale.ROOT).contains("jersey"), () -> path + " " + reply.headers().map());
        }
        assertEquals(401, anonymous.get("application.wadl").status(), "the description itself needs a user");
    }

    @Test
    @Order(4)
    void aViewerReadsEverythingAndChangesNothing() {
        endpoint(api, "viewer-target", "copy", "");
        createUser("watcher", "viewer", VIEWER_PASSWORD);
        ApiClient viewer = api.as("watcher", VIEWER_PASSWORD);
        String endpointsBefore = api.get("endpoints").body();
        String rulesBefore = api.get("priority-rules").body();

        for (String read : List.of("endpoints", "endpoints/viewer-target", "endpoints/viewer-target/queue", "jobs", "settings",
                "operations", "priority-rules", "priority-rules/stats", "priority-rules/settings")) {
            assertEquals(200, viewer.get(read).status(), read);
        }
        List<Reply> writes = List.of(
                viewer.post("endpoints", "{\"name\":\"by-viewer\",\"path\":\"by-viewer\",\"operationName\":\"copy\"}"),
                viewer.put("endpoints/viewer-target", "{\"repeatInterval\":5}"),
                viewer.delete("endpoints/viewer-target"),
                viewer.post("endpoints/viewer-target/pause", null),
                viewer.post("endpoints/viewer-target/resume", null),
                viewer.put("settings", "{\"repeatInterval\":7}"),
                viewer.post("priority-rules", "{\"name\":\"v\",\"expression\":\"true\",\"jmsPriority\":1}"),
                viewer.put("priority-rules/settings", "{\"enabled\":false}"),
                viewer.put("priority-rules/ranks", "{\"ids\":[]}"),
                viewer.post("priority-rules/rebucket", null),
                viewer.post("signals/by-viewer", "{}"),
                viewer.delete("signals/by-viewer"),
                viewer.post("batch/jobs/purge", null),
                viewer.post("users", "{\"name\":\"mallory\",\"role\":\"admin\",\"password\":\"mallory-password\"}"),
                viewer.put("users/watcher", "{\"role\":\"admin\"}"),
                viewer.get("users"),
                viewer.get("audit"));
        for (Reply write : writes) {
            assertRefusal(403, write, "CNV-4101-E");
        }
        assertEquals(endpointsBefore, api.get("endpoints").body());
        assertEquals(rulesBefore, api.get("priority-rules").body());
        assertEquals(404, api.get("signals/by-viewer").status());
        assertEquals(404, api.get("users/mallory").status());
        assertEquals("viewer", api.get("users/watcher").object().getString("role"));
    }

    @Test
    @Order(5)
    void anOperatorRunsTheServiceButDoesNotConfigureIt() {
        endpoint(api, "operated", "copy", "");
        createUser("night-shift", "operator", OPERATOR_PASSWORD);
        ApiClient operator = api.as("night-shift", OPERATOR_PASSWORD);

        assertEquals("PAUSED", operator.post("endpoints/operated/pause", null).object().getString("state"));
        assertEquals(200, operator.post("endpoints/operated/resume", null).status());
        assertEquals(1, operator.post("signals/operated-signal", "{}").object().getInt("total"));
        assertRefusal(403, operator.put("endpoints/operated", "{\"repeatInterval\":5}"), "CNV-4101-E");
        assertRefusal(403, operator.post("priority-rules", "{\"name\":\"o\",\"expression\":\"true\",\"jmsPriority\":1}"), "CNV-4101-E");
        assertRefusal(403, operator.put("users/night-shift", "{\"role\":\"admin\"}"), "CNV-4101-E");
    }

    @Test
    @Order(6)
    void everyChangeIsAuditedWithWhoWhatBeforeAndAfter() {
        List<JsonObject> entries = api.get("audit?limit=1000").array().getValuesAs(JsonObject.class);

        JsonObject pause = entries.stream().filter(entry -> entry.getString("action").equals("POST /api/endpoints/operated/pause"))
                .findFirst().orElseThrow(() -> new AssertionError("the operator's pause is not in the audit trail: " + entries));
        assertEquals("night-shift", pause.getString("actor"));
        assertEquals("ENABLED", pause.getJsonObject("before").getString("state"));
        assertEquals("PAUSED", pause.getJsonObject("after").getString("state"));
        assertFalse(pause.getString("at").isBlank());

        JsonObject userCreated = entries.stream().filter(entry -> entry.getString("action").equals("POST /api/users")
                && entry.getJsonObject("after").getString("name").equals("watcher")).findFirst().orElseThrow();
        assertEquals("admin", userCreated.getString("actor"));
        assertFalse(userCreated.toString().contains(VIEWER_PASSWORD), "no password in the trail");
        assertFalse(userCreated.toString().contains("PBKDF2"), "no hash in the trail");
        assertTrue(entries.stream().noneMatch(entry -> entry.getString("actor").equals("watcher")), "the viewer changed nothing");
    }

    @Test
    @Order(7)
    void aProducerCannotReadOrWriteConveyorsOwnQueues() {
        try (JMSContext producer = stack.broker("producer")) {
            for (String queue : List.of("conveyor.jobs", "conveyor.callbacks")) {
                assertRefusedByTheBroker(() -> producer.createConsumer(producer.createQueue(queue)).receiveNoWait(), "reading " + queue);
                assertRefusedByTheBroker(() -> producer.createProducer().send(producer.createQueue(queue), "forged"), "writing " + queue);
                assertRefusedByTheBroker(() -> producer.createBrowser(producer.createQueue(queue)).getEnumeration(), "browsing " + queue);
            }
            assertRefusedByTheBroker(() -> producer.createConsumer(producer.createQueue(SubmissionProtocol.SUBMISSIONS_QUEUE)).receiveNoWait(),
                    "reading other producers' submissions");
        }
    }

    private static void assertRefusedByTheBroker(Executable attempt, String what) {
        Throwable refused = assertThrows(Throwable.class, attempt, what);
        assertTrue(refused instanceof JMSSecurityRuntimeException || refused instanceof JMSSecurityException,
                () -> what + " failed, but not for want of rights: " + refused);
    }

    @Test
    @Order(8)
    void anObjectMessageIsRefusedUnreadOnBothQueues() throws Exception {
        endpoint(api, "no-objects", "copy", "");
        try (JMSContext producer = stack.broker("producer"); JMSContext manager = stack.broker("manager")) {
            ObjectMessage signal = producer.createObjectMessage(new ArrayList<>(List.of("payload")));
            signal.setStringProperty("signalId", "object-signal");
            producer.createProducer().send(producer.createQueue("conveyor.signals"), signal);
            Message rejected = manager.createConsumer(manager.createQueue("conveyor.signals.rejected"), "rejectionReason LIKE '%ObjectMessage%'")
                    .receive(30_000);
            assertNotNull(rejected, "the ObjectMessage went to conveyor.signals.rejected");
            assertTrue(rejected.getStringProperty("rejectionReason").contains("refused unread"), rejected::toString);
            assertEquals(404, api.get("signals/object-signal").status());

            ObjectMessage submission = producer.createObjectMessage(new ArrayList<>(List.of("payload")));
            Message answer = submit(producer, submission, "no-objects", "object.txt");
            assertEquals("REFUSED", answer.getStringProperty(SubmissionProtocol.STATUS));
            assertTrue(answer.getStringProperty(SubmissionProtocol.REASON).contains("ObjectMessage is never deserialized"),
                    () -> answerText(answer));
        }
    }

    @Test
    @Order(9)
    void jmsPropertiesCannotReplaceConveyorsOwnAttributes() throws Exception {
        endpoint(api, "own-attributes", "copy", "");
        try (JMSContext producer = stack.broker("producer")) {
            // job.*, file.*, fragment.* and wait.* cannot even be named by a JMS property (not Java identifiers).
            for (String own : List.of("endpoint", "userName")) {
                BytesMessage document = producer.createBytesMessage();
                document.writeBytes("x".getBytes(StandardCharsets.UTF_8));
                document.setStringProperty(own, "forged");
                Message answer = submit(producer, document, "own-attributes", "forged-" + own + ".txt");
                assertEquals("REFUSED", answer.getStringProperty(SubmissionProtocol.STATUS), () -> answerText(answer));
                assertEquals("CNV-7008-E", answer.getStringProperty(SubmissionProtocol.CODE));
                assertTrue(answer.getStringProperty(SubmissionProtocol.REASON).contains("'" + own + "'"), () -> answerText(answer));
            }
        }
        assertEquals(0, api.get("jobs?endpoint=own-attributes").array().size(), "no job was made");
    }

    /**
     * A stylesheet whose templates call themselves twice, 30 deep (about 2^30 calls, about a minute of
     * CPU), on an endpoint with a 2 s limit: the job fails with the reason and the next job runs.
     */
    @Test
    @Order(10)
    void anExponentialStylesheetFailsAtTheTimeLimitAndTheWorkerGoesOn() throws Exception {
        Path folder = endpoint(api, "runaway", "xml.transform", "\"operationTimeLimit\":2,\"inputParameterMappings\":{"
                + "\"input\":{\"type\":\"variable\",\"value\":\"*.xml\"},\"stylesheet\":{\"type\":\"variable\",\"value\":\"*.xsl\"}}");
        String exponential = "<xsl:stylesheet version=\"1.0\" xmlns:xsl=\"http://www.w3.org/1999/XSL/Transform\">"
                + "<xsl:output method=\"text\"/><xsl:template match=\"/\"><xsl:call-template name=\"t\">"
                + "<xsl:with-param name=\"n\" select=\"30\"/></xsl:call-template></xsl:template><xsl:template name=\"t\">"
                + "<xsl:param name=\"n\"/><xsl:if test=\"$n &gt; 0\"><xsl:call-template name=\"t\"><xsl:with-param name=\"n\" "
                + "select=\"$n - 1\"/></xsl:call-template><xsl:call-template name=\"t\"><xsl:with-param name=\"n\" "
                + "select=\"$n - 1\"/></xsl:call-template></xsl:if></xsl:template></xsl:stylesheet>";
        String quick = "<xsl:stylesheet version=\"1.0\" xmlns:xsl=\"http://www.w3.org/1999/XSL/Transform\">"
                + "<xsl:output method=\"text\"/><xsl:template match=\"/\">done</xsl:template></xsl:stylesheet>";
        Drops.dropFolder(stack, folder, "slow", Map.of("in.xml", "<a/>".getBytes(StandardCharsets.UTF_8),
                "exp.xsl", exponential.getBytes(StandardCharsets.UTF_8)));
        Drops.awaitState(api, "runaway", "RUNNING", 1);
        Drops.dropFolder(stack, folder, "fast", Map.of("in.xml", "<a/>".getBytes(StandardCharsets.UTF_8),
                "quick.xsl", quick.getBytes(StandardCharsets.UTF_8)));

        List<JsonObject> jobs = Drops.awaitFinished(api, "runaway", 2);
        JsonObject slow = jobs.stream().filter(job -> job.getString("source").equals("slow")).findFirst().orElseThrow();
        JsonObject fast = jobs.stream().filter(job -> job.getString("source").equals("fast")).findFirst().orElseThrow();
        assertEquals("FAILED", slow.getString("state"), slow::toString);
        assertTrue(slow.getString("failureReason").contains("operationTimeLimit of 2 s"), slow::toString);
        assertEquals("SUCCEEDED", fast.getString("state"), fast::toString);
    }

    /**
     * A PNG of a few dozen bytes whose header declares 50,000 x 50,000 pixels (10 GB of raster): refused
     * from its header at the pixel limit, and the image after it is converted.
     */
    @Test
    @Order(10)
    void anImageDeclaring50000By50000PixelsFailsAtThePixelLimitAndTheNextImageIsConverted() throws Exception {
        Path folder = endpoint(api, "images", "image.convert", "\"inputParameterMappings\":{\"format\":{\"type\":\"literal\",\"value\":\"jpeg\"}}");
        drop(stack, folder, "bomb.png", png(50_000, 50_000));
        Drops.awaitFinished(api, "images", 1);
        drop(stack, folder, "small.png", png(2, 2));

        List<JsonObject> jobs = Drops.awaitFinished(api, "images", 2);
        JsonObject bomb = jobs.stream().filter(job -> job.getString("source").equals("bomb.png")).findFirst().orElseThrow();
        JsonObject small = jobs.stream().filter(job -> job.getString("source").equals("small.png")).findFirst().orElseThrow();
        assertEquals("FAILED", bomb.getString("state"), bomb::toString);
        assertTrue(bomb.getString("failureReason").contains("'bomb.png' is 50000 x 50000 pixels, more than the 50000000 this operation decodes"),
                bomb::toString);
        assertEquals("SUCCEEDED", small.getString("state"), small::toString);
        assertTrue(Files.size(folder.resolve(small.getJsonArray("results").getString(0))) > 0, small::toString);
    }

    /**
     * An archive of a few kilobytes unpacking to 2 MiB on an endpoint that allows 1 MiB of output: the job fails naming the
     * limit, nothing of it is left, the next runs. (A copy, which writes what its input holds, is refused before it starts:
     * BoundedRunTest.)
     */
    @Test
    @Order(10)
    void anOperationWritingPastItsOutputLimitFailsAndTheNextJobRuns() throws Exception {
        Path folder = endpoint(api, "bounded", "archive.unzip", "\"operationOutputLimit\":1");
        drop(stack, folder, "large.zip", zipOf("zeros.bin", new byte[2 << 20]));
        Drops.awaitFinished(api, "bounded", 1);
        drop(stack, folder, "small.zip", zipOf("small.bin", new byte[1000]));

        List<JsonObject> jobs = Drops.awaitFinished(api, "bounded", 2);
        JsonObject large = jobs.stream().filter(job -> job.getString("source").equals("large.zip")).findFirst().orElseThrow();
        JsonObject small = jobs.stream().filter(job -> job.getString("source").equals("small.zip")).findFirst().orElseThrow();
        assertEquals("FAILED", large.getString("state"), large::toString);
        assertTrue(large.getString("failureReason").startsWith("CNV-3001-E")
                && large.getString("failureReason").contains("wrote more than the endpoint's operationOutputLimit of 1 MiB"), large::toString);
        assertEquals("SUCCEEDED", small.getString("state"), small::toString);
        List<Path> left = stageFolders(folder);
        for (int look = 0; look < 50 && !left.isEmpty(); look++) {
            Thread.sleep(200);
            left = stageFolders(folder);
        }
        assertEquals(List.of(), left, "no stage folder of either job is left, what the first wrote included");
        assertEquals(List.of(), Drops.filesInStage(folder.resolve("stage")), "nothing of either job is left in stage");
    }

    /** The job folders in stage; the folders kept there for later claims (conveyor-spare) are none. */
    private static List<Path> stageFolders(Path folder) throws IOException {
        try (Stream<Path> staged = Files.list(folder.resolve("stage"))) {
            return staged.filter(Files::isDirectory).filter(entry -> !Drops.isKeptForClaims(folder.resolve("stage"), entry)).toList();
        }
    }

    /** A PNG of the given size: its header, one small compressed row of black, and its end; larger sizes decode to nothing but are declared. */
    private static byte[] zipOf(String entry, byte[] content) throws IOException {
        ByteArrayOutputStream zip = new ByteArrayOutputStream();
        try (ZipOutputStream out = new ZipOutputStream(zip)) {
            out.putNextEntry(new ZipEntry(entry));
            out.write(content);
            out.closeEntry();
        }
        return zip.toByteArray();
    }

    private static byte[] png(int width, int height) throws IOException {
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        file.write(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'});
        ByteBuffer header = ByteBuffer.allocate(13).putInt(width).putInt(height).put((byte) 8).put((byte) 0).put((byte) 0).put((byte) 0)
                .put((byte) 0);
        chunk(file, "IHDR", header.array());
        Deflater deflater = new Deflater();
        deflater.setInput(new byte[(width + 1) * Math.min(height, 2)]);
        deflater.finish();
        byte[] compressed = new byte[1024];
        int length = deflater.deflate(compressed);
        deflater.end();
        chunk(file, "IDAT", Arrays.copyOf(compressed, length));
        chunk(file, "IEND", new byte[0]);
        return file.toByteArray();
    }

    private static void chunk(ByteArrayOutputStream file, String type, byte[] data) {
        byte[] typeBytes = type.getBytes(StandardCharsets.US_ASCII);
        CRC32 crc = new CRC32();
        crc.update(typeBytes);
        crc.update(data);
        file.writeBytes(ByteBuffer.allocate(4).putInt(data.length).array());
        file.writeBytes(typeBytes);
        file.writeBytes(data);
        file.writeBytes(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
    }

    @Test
    @Order(11)
    void nothingOfTheStackListensBeyondLoopback() throws Exception {
        List<String> listening = ListeningSockets.assertLoopbackOnly(stack,
                "Payara Micro's data grid was on *:6900 before --nohazelcast");
        System.out.println("AccessStackIT: the stack listens (TCP and UDP looked at) on " + listening);
    }

    /** Last: it leaves this client throttled for a minute, which only the passwords already checked get through. */
    @Test
    @Order(12)
    void aHundredWrongPasswordsCostAtMostFiveChecksThenWait() {
        createUser("guessed", "viewer", "the-right-password");
        ApiClient guesser = api.as("guessed", "wrong-password");
        int unauthorized = 0;
        int throttled = 0;
        for (int i = 0; i < 100; i++) {
            HttpResponse<String> reply = guesser.raw("GET", "endpoints", Map.of(), null);
            JsonObject body = json(reply.body());
            if (reply.statusCode() == 401) {
                unauthorized++;
                assertEquals("CNV-4108-E", body.getString("code"));
            } else {
                assertEquals(429, reply.statusCode(), reply::body);
                assertEquals("CNV-4102-E", body.getString("code"));
                long retryAfter = Long.parseLong(reply.headers().firstValue("Retry-After").orElseThrow());
                assertTrue(retryAfter >= 1 && retryAfter <= 60, "Retry-After " + retryAfter);
                throttled++;
            }
        }
        assertEquals(5, unauthorized, "passwords checked before the client was held back");
        assertEquals(95, throttled);
        assertEquals(429, api.as("guessed", "the-right-password").get("endpoints").status(),
                "a password not checked before waits too: guessing cannot go on by luck");
        assertEquals(200, api.get("endpoints").status(), "the admin, already checked, is not locked out");
        assertEquals(200, api.as("watcher", VIEWER_PASSWORD).get("endpoints").status(), "nor the viewer");
    }

    private static void createUser(String name, String role, String password) {
        Reply created = api.post("users", Json.createObjectBuilder().add("name", name).add("role", role).add("password", password)
                .build().toString());
        assertEquals(201, created.status(), created::toString);
        assertFalse(created.body().contains(password));
    }

    private static Message submit(JMSContext producer, Message request, String endpoint, String fileName) throws Exception {
        TemporaryQueue answers = producer.createTemporaryQueue();
        request.setStringProperty(SubmissionProtocol.REQUEST, SubmissionProtocol.SUBMIT);
        request.setStringProperty(SubmissionProtocol.ENDPOINT, endpoint);
        request.setStringProperty(SubmissionProtocol.FILE_NAME, fileName);
        request.setStringProperty(SubmissionProtocol.SUBMISSION_ID, fileName);
        request.setJMSReplyTo(answers);
        producer.createProducer().send(producer.createQueue(SubmissionProtocol.SUBMISSIONS_QUEUE), request);
        Message answer = producer.createConsumer(answers).receive(30_000);
        assertNotNull(answer, "an answer to " + fileName);
        return answer;
    }

    private static String answerText(Message answer) {
        try {
            return answer.getStringProperty(SubmissionProtocol.CODE) + " " + answer.getStringProperty(SubmissionProtocol.REASON);
        } catch (Exception e) {
            return answer.toString();
        }
    }

    private static int port() {
        return Integer.parseInt(System.getenv().getOrDefault("CONVEYOR_HTTP_PORT", "8080"));
    }
}
