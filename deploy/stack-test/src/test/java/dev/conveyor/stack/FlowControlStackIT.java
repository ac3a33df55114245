package dev.conveyor.stack;

import static dev.conveyor.stack.Drops.awaitFinished;
import static dev.conveyor.stack.Drops.drop;
import static dev.conveyor.stack.Drops.endpoint;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.conveyor.client.BackOffLoop;
import dev.conveyor.client.ConveyorClient;
import dev.conveyor.client.JobInput;
import dev.conveyor.client.QueueFullException;
import dev.conveyor.client.QueueThresholdExceededException;
import dev.conveyor.client.Submission;
import dev.conveyor.client.SubmissionProtocol;
import dev.conveyor.client.SubmissionRefusedException;
import jakarta.jms.BytesMessage;
import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.JMSProducer;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.Message;
import jakarta.jms.Queue;
import jakarta.jms.TemporaryQueue;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.apache.activemq.artemis.api.core.management.ResourceNames;
import org.apache.activemq.artemis.api.jms.management.JMSManagementHelper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Black-box flow control on the real stack and broker: a producer through the client library
 * fills an endpoint's queue (threshold first, then full), backs off as the seed does, and every
 * job it was told was accepted completes; refusals say why, and one nobody asked an answer for
 * is kept on the refused queue; the broker's own limit on the submissions address refuses puts
 * once it is full, and loses nothing it took; a chain whose downstream endpoint is paused makes
 * the upstream one sleep, retry and block, and resuming drains both with every job accounted for.
 */
class FlowControlStackIT extends OnSharedStack {

    /** config/broker.xml's max-size-bytes of conveyor.submissions (16Mb). */
    private static final int SUBMISSIONS_MAX_SIZE_BYTES = 16 * 1024 * 1024;
    /** Below Artemis's min-large-message-size (100 KiB), so each message counts fully against the address size. */
    private static final int FLOOD_BODY_BYTES = 90_000;

    private static ConveyorClient client;

    @BeforeAll
    static void openClient() {
        client = stack.client();
    }

    @Test
    void aProducerSeesTheThresholdBeforeTheQueueIsFullAndEveryAcceptedJobCompletes() throws Exception {
        // A scan every minute: after the first (at creation), accepted jobs wait STAGED and fill the queue.
        endpoint(api, "flow-producer", "copy", "\"repeatInterval\":60,\"maxQueueSize\":10,\"freeQueueSizeThreshold\":20");
        Thread.sleep(2000);
        Map<String, byte[]> acceptedContent = new HashMap<>();
        List<String> outcomes = new ArrayList<>();
        try (JobInput input = client.openInput("flow-producer")) {
            assertEquals(10, input.getMaxQueueSize());
            assertEquals(10, input.getFreeQueueSize());
            for (int i = 0; i < 11; i++) {
                byte[] content = ("document " + i).getBytes(StandardCharsets.UTF_8);
                Submission job = Submission.document("doc-" + i + ".txt", content).attribute("customer", "acme");
                try {
                    acceptedContent.put(input.put(job), content);
                    outcomes.add("accepted");
                } catch (QueueThresholdExceededException backOff) {
                    acceptedContent.put(backOff.getJobId(), content);
                    outcomes.add("threshold");
                } catch (QueueFullException full) {
                    outcomes.add("full");
                }
            }
            assertEquals(List.of("accepted", "accepted", "accepted", "accepted", "accepted", "accepted", "accepted",
                    "threshold", "threshold", "threshold", "full"), outcomes,
                    "accepted while more than 20% is free, then accepted with the threshold exception, then refused");
            assertEquals(0, input.getFreeQueueSize());
            JsonObject queue = api.get("endpoints/flow-producer/queue").object();
            assertEquals(10, queue.getInt("maxQueueSize"));
            assertEquals(10, queue.getInt("queuedJobs"));
            assertEquals(0, queue.getInt("freeQueueSize"));
            assertEquals(20, queue.getInt("freeQueueSizeThreshold"));
            assertEquals("ENABLED", queue.getString("state"));
            assertEquals(1, thresholdWarnings("flow-producer"), "one CNV-7001-W for the crossing, not one per job");

            // Scanning every second drains the queue; the seed's back-off loop puts 30 more without one loss.
            assertEquals(200, api.put("endpoints/flow-producer", "{\"repeatInterval\":1}").status());
            List<Submission> more = new ArrayList<>();
            for (int i = 11; i < 41; i++) {
                more.add(Submission.document("doc-" + i + ".txt", ("document " + i).getBytes(StandardCharsets.UTF_8)));
            }
            BackOffLoop loop = new BackOffLoop(50, 100);
            List<String> jobIds = loop.putAll(input, more);
            assertEquals(30, jobIds.size());
            for (int i = 0; i < 30; i++) {
                acceptedContent.put(jobIds.get(i), ("document " + (i + 11)).getBytes(StandardCharsets.UTF_8));
            }
        }
        assertEquals(40, acceptedContent.size());
        List<JsonObject> jobs = awaitAcceptedJobs("flow-producer", acceptedContent);
        assertEquals("acme", jobs.stream().filter(j -> j.getString("source").equals("doc-0.txt")).findFirst().orElseThrow()
                .getJsonObject("attributes").getString("customer"), "message properties become job attributes");
    }

    /** Far above the broker's large-message size (100 KiB): the body reaches Conveyor in chunks and is written as it comes. */
    @Test
    void aLargeDocumentIsWrittenWholeAsItArrives() throws Exception {
        byte[] content = new byte[5 * 1024 * 1024 + 17];
        new java.util.Random(20261201L).nextBytes(content);
        endpoint(api, "flow-large", "copy", "");
        try (JobInput input = client.openInput("flow-large")) {
            String jobId = input.put(Submission.document("scan.bin", content));
            awaitAcceptedJobs("flow-large", Map.of(jobId, content));
        }
    }

    @Test
    void refusalsSayWhyAndTakeNothing() throws Exception {
        SubmissionRefusedException unknown = assertThrows(SubmissionRefusedException.class, () -> client.openInput("no-such-endpoint"));
        assertEquals("CNV-1001-E", unknown.getCode());

        endpoint(api, "flow-refusals", "copy", "");
        try (JobInput input = client.openInput("flow-refusals")) {
            Path outside = Files.createTempFile("outside-the-roots", ".txt");
            SubmissionRefusedException path = assertThrows(SubmissionRefusedException.class,
                    () -> input.put(Submission.file(outside.toString())));
            assertEquals("CNV-7006-E", path.getCode());
            assertTrue(Files.exists(outside), "a refused path is left where it is");

            assertEquals(200, api.post("endpoints/flow-refusals/pause", null).status());
            SubmissionRefusedException paused = assertThrows(SubmissionRefusedException.class,
                    () -> input.put(Submission.document("a.txt", new byte[] {1})));
            assertEquals("CNV-7005-E", paused.getCode());
            assertEquals(200, api.post("endpoints/flow-refusals/resume", null).status());

            Path inRoot = Files.writeString(Files.createDirectories(stack.producerFolder()).resolve("by-path.txt"),
                    "taken from where it lies");
            Submission byPath = Submission.file(inRoot.toString());
            String jobId = input.put(byPath);
            assertEquals(jobId, input.put(byPath), "the same submission put again is the same job");
            JsonObject job = awaitFinished(api, "flow-refusals", 1).get(0);
            assertEquals(jobId, job.getString("id"));
            assertEquals("SUCCEEDED", job.getString("state"));
        }
    }

    @Test
    void aRefusedSubmissionThatAskedNoAnswerIsKeptOnTheRefusedQueue() throws Exception {
        try (JMSContext jms = stack.broker("producer")) {
            BytesMessage fireAndForget = jms.createBytesMessage();
            fireAndForget.writeBytes("kept, not dropped".getBytes(StandardCharsets.UTF_8));
            fireAndForget.setStringProperty(SubmissionProtocol.REQUEST, SubmissionProtocol.SUBMIT);
            fireAndForget.setStringProperty(SubmissionProtocol.ENDPOINT, "nobody-has-this-name");
            fireAndForget.setStringProperty(SubmissionProtocol.FILE_NAME, "orphan.txt");
            fireAndForget.setStringProperty("customer", "acme");
            jms.createProducer().send(jms.createQueue(SubmissionProtocol.SUBMISSIONS_QUEUE), fireAndForget);

            Message kept = jms.createConsumer(jms.createQueue(SubmissionProtocol.REFUSED_QUEUE),
                    SubmissionProtocol.FILE_NAME + " = 'orphan.txt'").receive(30_000);
            assertTrue(kept != null, "the refused submission is on " + SubmissionProtocol.REFUSED_QUEUE);
            assertEquals("REFUSED", kept.getStringProperty(SubmissionProtocol.STATUS));
            assertEquals("CNV-1001-E", kept.getStringProperty(SubmissionProtocol.CODE));
            assertTrue(kept.getStringProperty(SubmissionProtocol.REASON).contains("nobody-has-this-name"));
            assertEquals("acme", kept.getStringProperty("customer"), "the producer's properties are kept");
            assertEquals("kept, not dropped", new String(kept.getBody(byte[].class), StandardCharsets.UTF_8), "and its document");
        }
    }

    /**
     * Over the size a submission may carry and with no reply queue: refused before its body is
     * read, and kept on the refused queue with its properties only, the reason saying the document
     * was not kept (reading it whole for the copy would have put 65 MiB into the heap).
     */
    @Test
    void aRefusedDocumentOverTheLimitIsKeptWithoutItsBody() throws Exception {
        try (JMSContext jms = stack.broker("producer")) {
            BytesMessage tooLarge = jms.createBytesMessage();
            tooLarge.writeBytes(new byte[(64 << 20) + 1]);
            tooLarge.setStringProperty(SubmissionProtocol.REQUEST, SubmissionProtocol.SUBMIT);
            tooLarge.setStringProperty(SubmissionProtocol.ENDPOINT, "nobody-has-this-name-either");
            tooLarge.setStringProperty(SubmissionProtocol.FILE_NAME, "too-large.bin");
            jms.createProducer().send(jms.createQueue(SubmissionProtocol.SUBMISSIONS_QUEUE), tooLarge);

            Message kept = jms.createConsumer(jms.createQueue(SubmissionProtocol.REFUSED_QUEUE),
                    SubmissionProtocol.FILE_NAME + " = 'too-large.bin'").receive(60_000);
            assertTrue(kept != null, "the refused submission is on " + SubmissionProtocol.REFUSED_QUEUE);
            assertEquals("CNV-1001-E", kept.getStringProperty(SubmissionProtocol.CODE));
            String reason = kept.getStringProperty(SubmissionProtocol.REASON);
            assertTrue(reason.contains("The document (" + ((64 << 20) + 1) + " bytes) is not kept with this message"), reason);
            assertFalse(kept instanceof BytesMessage, "no body was copied: " + kept);
        }
    }

    /**
     * With {@code conveyor.submissions} paused on the broker (as if no Conveyor consumed it),
     * producers that send without waiting for answers fill the address to its max-size-bytes;
     * then the broker refuses every send (address-full policy FAIL), which the client library
     * reports as QueueFullException. Once the queue is resumed, every submission the broker took
     * is answered and completes, and the refused job, still the producer's, is accepted when put again.
     */
    @Test
    void aFullSubmissionsAddressRefusesPutsAndLosesNothingItTook() throws Exception {
        endpoint(api, "flow-broker-full", "copy", "\"batchSize\":500");
        Map<String, byte[]> taken = new HashMap<>();
        byte[] refusedContent = "refused while the address was full".getBytes(StandardCharsets.UTF_8);
        Submission refused = Submission.document("while-full.txt", refusedContent);
        try (JMSContext jms = stack.broker("manager"); JobInput input = client.openInput("flow-broker-full")) {
            TemporaryQueue answers = jms.createTemporaryQueue();
            manageSubmissionsQueue(jms, "pause");
            try {
                JMSRuntimeException full = flood(jms, answers, taken);
                assertTrue(full.getMessage().contains("\"" + SubmissionProtocol.SUBMISSIONS_QUEUE + "\" is full"), full::toString);
                assertTrue(taken.size() * FLOOD_BODY_BYTES <= SUBMISSIONS_MAX_SIZE_BYTES,
                        "the broker took " + taken.size() + " bodies of " + FLOOD_BODY_BYTES + " bytes: more than its limit");
                assertTrue(taken.size() * FLOOD_BODY_BYTES >= SUBMISSIONS_MAX_SIZE_BYTES * 3 / 4,
                        "the broker refused after " + taken.size() + " bodies of " + FLOOD_BODY_BYTES + " bytes, far below its limit: " + full);
                QueueFullException refusal = assertThrows(QueueFullException.class, () -> input.put(refused),
                        "a put to a full submissions address is not accepted");
                assertTrue(refusal.getMessage().startsWith("CNV-7101-W "), refusal::getMessage);
                System.out.printf("FlowControlStackIT: the broker took %d submissions of %d bytes, then refused: %s%n",
                        taken.size(), FLOOD_BODY_BYTES, full.getMessage());
            } finally {
                manageSubmissionsQueue(jms, "resume");
            }
            Map<String, byte[]> accepted = new HashMap<>();
            try (JMSConsumer replies = jms.createConsumer(answers)) {
                for (int i = 0; i < taken.size(); i++) {
                    Message answer = replies.receive(60_000);
                    assertTrue(answer != null, "an answer for each of the " + taken.size() + " submissions the broker took; " + i + " came");
                    assertEquals("ACCEPTED", answer.getStringProperty(SubmissionProtocol.STATUS), () -> "answer " + answer);
                    accepted.put(answer.getStringProperty(SubmissionProtocol.JOB_ID), taken.get(answer.getJMSCorrelationID()));
                }
            }
            // The Artemis client remembers the broker's last "address full" and may fail the next send
            // once more, before sending it, even when there is room again: putting it again after
            // backing off, as a producer does anyway, is what gets it accepted.
            BackOffLoop loop = new BackOffLoop(50, 100);
            List<String> again = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> loop.putAll(input, List.of(refused)),
                    "the refused job, still the producer's, is accepted when put again after the resume");
            accepted.put(again.get(0), refusedContent);
            assertEquals(taken.size() + 1, accepted.size(), "one job per submission");

            awaitAcceptedJobs("flow-broker-full", accepted);
        }
        // A database connection given to two users at once mixes their transactions: a job the
        // producer was told was accepted vanished, and its file came back as a job nobody submitted.
        assertEquals(List.of(), stack.serverLogLines(line -> line.contains("state.isBusy already set to false")),
                "Payara's pool freed a connection twice (so two users got it), here or earlier on the shared stack");
    }

    /**
     * Sends submissions of FLOOD_BODY_BYTES, each asking for its answer on {@code answers}, until
     * the broker refuses one; records those it took by submission id and returns the refusal.
     */
    /**
     * Waits for one finished job per accepted submission (none for a refused one) and checks that
     * each succeeded with the content its producer sent.
     */
    private static List<JsonObject> awaitAcceptedJobs(String endpoint, Map<String, byte[]> accepted) throws Exception {
        List<JsonObject> jobs = awaitFinished(api, endpoint, accepted.size());
        assertEquals(accepted.size(), jobs.size(), "one job per accepted submission, none for a refused one");
        Path folder = stack.folders().resolve(endpoint);
        for (JsonObject job : jobs) {
            assertEquals("SUCCEEDED", job.getString("state"), job::toString);
            byte[] expected = accepted.get(job.getString("id"));
            assertTrue(expected != null, "every job is one the producer was told was accepted: " + job);
            assertArrayEquals(expected, Files.readAllBytes(folder.resolve(job.getJsonArray("results").getString(0))));
        }
        return jobs;
    }

    private static JMSRuntimeException flood(JMSContext jms, Queue answers, Map<String, byte[]> taken) throws JMSException {
        JMSProducer producer = jms.createProducer();
        Queue submissions = jms.createQueue(SubmissionProtocol.SUBMISSIONS_QUEUE);
        for (int i = 0; taken.size() * FLOOD_BODY_BYTES <= 2 * SUBMISSIONS_MAX_SIZE_BYTES; i++) {
            byte[] content = new byte[FLOOD_BODY_BYTES];
            Arrays.fill(content, (byte) ('a' + i % 26));
            String id = "flood-" + i;
            BytesMessage submission = jms.createBytesMessage();
            submission.writeBytes(content);
            submission.setStringProperty(SubmissionProtocol.REQUEST, SubmissionProtocol.SUBMIT);
            submission.setStringProperty(SubmissionProtocol.ENDPOINT, "flow-broker-full");
            submission.setStringProperty(SubmissionProtocol.FILE_NAME, id + ".txt");
            submission.setStringProperty(SubmissionProtocol.SUBMISSION_ID, id);
            submission.setJMSReplyTo(answers);
            try {
                producer.send(submissions, submission);
            } catch (JMSRuntimeException refused) {
                return refused;
            }
            taken.put(id, content);
        }
        return fail("the broker took twice its submissions limit without refusing a send");
    }

    /** Pauses or resumes the submissions queue through the broker's management address, as an operator's tool would. */
    private static void manageSubmissionsQueue(JMSContext jms, String operation) throws JMSException {
        Message request = jms.createMessage();
        JMSManagementHelper.putOperationInvocation(request, ResourceNames.QUEUE + SubmissionProtocol.SUBMISSIONS_QUEUE, operation);
        TemporaryQueue replies = jms.createTemporaryQueue();
        request.setJMSReplyTo(replies);
        jms.createProducer().send(jms.createQueue("activemq.management"), request);
        try (JMSConsumer consumer = jms.createConsumer(replies)) {
            Message reply = consumer.receive(10_000);
            assertTrue(reply != null && JMSManagementHelper.hasOperationSucceeded(reply),
                    () -> operation + " of " + SubmissionProtocol.SUBMISSIONS_QUEUE + " failed: " + reply);
        }
    }


    @Test
    void aChainWhoseDownstreamIsPausedSleepsRetriesBlocksAndResumeDrainsBoth() throws Exception {
        int files = 12;
        Path downstream = endpoint(api, "flow-b", "copy", "\"maxQueueSize\":5,\"batchSize\":10");
        assertEquals(200, api.post("endpoints/flow-b/pause", null).status());
        Path upstream = endpoint(api, "flow-a", "copy", "\"batchSize\":10,\"resultFolder\":\"" + downstream
                + "\",\"sleepOnOverStore\":300,\"sleepOnOverStoreRetryCount\":2");
        for (int i = 0; i < files; i++) {
            drop(stack, upstream, "chained-" + i + ".txt", ("chained " + i).getBytes(StandardCharsets.UTF_8));
        }

        JsonObject blocked = await(() -> api.get("endpoints/flow-a").object(), a -> a.getString("state").equals("BLOCKED"),
                Duration.ofMinutes(2));
        assertTrue(blocked.getString("blockedReason").contains("endpoint 'flow-b'"), blocked::toString);
        // The block is committed before its warning is written: the log may lag the state a moment.
        String log = String.join("\n", await(() -> serverLogLinesAbout("'flow-a'"),
                lines -> lines.stream().anyMatch(line -> line.contains("CNV-7003-W Endpoint 'flow-a' is BLOCKED")), Duration.ofSeconds(10)));
        assertTrue(log.contains("CNV-7002-W Results of endpoint 'flow-a' cannot be stored in endpoint 'flow-b'"), "sleep warning");
        assertTrue(log.contains("before retry 2 of 2"), "slept and retried as often as configured");

        // Nothing is lost while blocked: B's folder holds what its queue allows, A keeps the rest.
        assertEquals(5, waitingFiles(downstream), "the downstream folder filled to B's maxQueueSize");
        List<JsonObject> upstreamJobs = api.get("jobs?endpoint=flow-a&limit=1000").array().getValuesAs(JsonObject.class);
        assertTrue(upstreamJobs.stream().noneMatch(j -> j.getString("state").equals("FAILED")), upstreamJobs::toString);
        assertEquals(files, upstreamJobs.size() + waitingFiles(upstream), "every file is a job of A or still in A's folder");
        Thread.sleep(2000);
        assertEquals("BLOCKED", api.get("endpoints/flow-a").object().getString("state"), "a block holds until resumed");
        assertEquals(5, waitingFiles(downstream), "and nothing more reaches B while A is blocked");

        assertEquals("ENABLED", api.post("endpoints/flow-b/resume", null).object().getString("state"));
        // A patient upstream for the drain: B takes 5 a second, A's results wait for that room.
        assertEquals(200, api.put("endpoints/flow-a", "{\"sleepOnOverStoreRetryCount\":50}").status());
        JsonObject resumed = api.post("endpoints/flow-a/resume", null).object();
        assertEquals("ENABLED", resumed.getString("state"));
        assertTrue(!resumed.containsKey("blockedReason"), resumed::toString);

        List<JsonObject> a = awaitFinished(api, "flow-a", files);
        List<JsonObject> b = awaitFinished(api, "flow-b", files);
        assertTrue(a.stream().allMatch(j -> j.getString("state").equals("SUCCEEDED")), a::toString);
        assertTrue(b.stream().allMatch(j -> j.getString("state").equals("SUCCEEDED")), b::toString);
        Set<String> expected = java.util.stream.IntStream.range(0, files).mapToObj(i -> "chained-" + i + ".txt").collect(Collectors.toSet());
        assertEquals(expected, a.stream().map(j -> j.getString("source")).collect(Collectors.toSet()));
        assertEquals(expected, b.stream().map(j -> j.getString("source")).collect(Collectors.toSet()),
                "each of A's results became exactly one job of B");
    }

    private static long thresholdWarnings(String endpoint) throws Exception {
        return Files.readAllLines(stack.serverLog()).stream()
                .filter(line -> line.contains("CNV-7001-W") && line.contains("'" + endpoint + "'")).count();
    }

    /** The server log's lines, from every file of it, that contain {@code text}. */
    private static List<String> serverLogLinesAbout(String text) {
        try {
            return stack.serverLogLines(line -> line.contains(text));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long waitingFiles(Path folder) throws Exception {
        return Drops.entriesIn(folder).stream().filter(Files::isRegularFile).filter(f -> !f.getFileName().toString().startsWith("."))
                .count();
    }

    private static <T> T await(java.util.function.Supplier<T> read, Predicate<T> done, Duration timeout) throws InterruptedException {
        Instant deadline = Instant.now().plus(timeout);
        T value = read.get();
        while (!done.test(value)) {
            if (Instant.now().isAfter(deadline)) {
                fail("still " + value + " after " + timeout);
            }
            Thread.sleep(250);
            value = read.get();
        }
        return value;
    }
}
