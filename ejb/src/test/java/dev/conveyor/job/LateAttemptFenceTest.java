package dev.conveyor.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.endpoint.Endpoint;
import dev.conveyor.endpoint.EndpointConfig;
import dev.conveyor.endpoint.EndpointSettings;
import dev.conveyor.endpoint.SettingValues;
import dev.conveyor.files.Confinement;
import dev.conveyor.files.Durably;
import dev.conveyor.operation.Document;
import dev.conveyor.operation.Operation;
import dev.conveyor.operation.OperationContext;
import dev.conveyor.operation.Parameter;
import dev.conveyor.operation.ParameterType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fence on a job's files: a node taken for dead whose job was re-queued may still be running
 * its attempt, and whatever it writes, when it starts, while it runs or at its end (a late
 * results.json), must not change what the attempt that holds the job publishes.
 */
class LateAttemptFenceTest {

    private static final Clock JULY_17_2009 = Clock.fixed(Instant.parse("2009-07-17T20:00:00Z"), ZoneOffset.UTC);

    @TempDir
    Path root;

    private Path watched;
    private String rootsBefore;
    private Confinement confinement;
    private final Script script = new Script();

    /** Writes one document, named and filled as the test says for the run at hand; may hold the run before it writes. */
    private static final class Script implements Operation {
        final AtomicInteger runs = new AtomicInteger();
        volatile String name;
        volatile String text;
        volatile CountDownLatch halfWay = new CountDownLatch(0);
        volatile CountDownLatch goOn = new CountDownLatch(0);

        @Override
        public String name() {
            return "script";
        }

        @Override
        public String description() {
            return "writes what the test says";
        }

        @Override
        public List<Parameter> inputs() {
            return List.of(Parameter.required(INPUT, ParameterType.DOCUMENT, "ignored"));
        }

        @Override
        public List<Parameter> outputs() {
            return List.of(Parameter.output(OUTPUT, ParameterType.DOCUMENT, "what the test says"));
        }

        @Override
        public Map<String, Object> run(OperationContext context) throws Exception {
            runs.incrementAndGet();
            String named = name;
            String written = text;
            CountDownLatch resume = goOn;
            halfWay.countDown();
            assertTrue(resume.await(10, TimeUnit.SECONDS));
            Document output = context.newDocument(named);
            Files.writeString(output.path(), written);
            return Map.of(OUTPUT, output);
        }
    }

    @BeforeEach
    void setUp() throws IOException {
        rootsBefore = System.getProperty("conveyor.roots");
        System.setProperty("conveyor.roots", root.toString());
        watched = Files.createDirectories(root.resolve("in"));
        confinement = new Confinement(List.of(root));
        StageFolder stage = StageFolder.of(watched, "job-1").create(confinement);
        Files.writeString(stage.input("scan.pdf"), "the source");
    }

    @AfterEach
    void restoreRoots() {
        if (rootsBefore == null) {
            System.clearProperty("conveyor.roots");
        } else {
            System.setProperty("conveyor.roots", rootsBefore);
        }
    }

    private EndpointConfig endpoint() {
        Endpoint endpoint = new Endpoint("invoices", Instant.EPOCH);
        endpoint.setGiven(SettingValues.EMPTY.with(EndpointSettings.OPERATION_NAME, "script"), watched);
        return endpoint.config(SettingValues.EMPTY);
    }

    private Outcome run(int attempt, String name, String text) throws Exception {
        script.name = name;
        script.text = text;
        return runAttempt(attempt);
    }

    private Outcome runAttempt(int attempt) throws Exception {
        return StagedRun.run(new RunRequest("job-1", endpoint(), "scan.pdf", null, false, attempt), script, confinement);
    }

    /** What the job publishes once the outcome of {@code attempt} is recorded (the job row's attempt). */
    private Map<String, String> publishedAt(int attempt) throws IOException {
        ResultPublisher publisher = new ResultPublisher(JULY_17_2009, new Random(1), new Confinement(List.of(root)), folder -> false);
        Durably.Pending durable = new Durably.Pending();
        List<String> written = publisher.publishSuccess(endpoint(), "job-1", attempt, "scan.pdf", durable);
        durable.force();
        Map<String, String> contents = new TreeMap<>();
        for (String result : written) {
            contents.put(result, Files.readString(watched.resolve(result)));
        }
        return contents;
    }

    @Test
    void aLateAttemptRunAfterTheCurrentOneChangesNothingOfWhatTheCurrentOnePublishes() throws Exception {
        assertTrue(run(2, "scan.txt", "the current run").succeeded());

        // The node taken for dead gets round to its attempt only now: it starts, runs and lists its results.
        assertTrue(run(1, "late.txt", "the late run").succeeded());

        assertEquals(Map.of("result/2009/07/17/scan.txt", "the current run"), publishedAt(2));
    }

    @Test
    void aLateAttemptStillRunningBesideTheCurrentOneChangesNothingOfWhatTheCurrentOnePublishes() throws Exception {
        script.halfWay = new CountDownLatch(1);
        script.goOn = new CountDownLatch(1);
        script.name = "late.txt";
        script.text = "the late run";
        Future<Outcome> late = Executors.newSingleThreadExecutor().submit(() -> runAttempt(1));
        assertTrue(script.halfWay.await(10, TimeUnit.SECONDS), "the late attempt is running");
        CountDownLatch lateGoesOn = script.goOn;
        script.goOn = new CountDownLatch(0);

        assertTrue(run(2, "scan.txt", "the current run").succeeded());
        lateGoesOn.countDown();
        // The current attempt's start deleted the late one's folder: the late operation finds nowhere to write.
        ExecutionException lateFailed = assertThrows(ExecutionException.class, () -> late.get(10, TimeUnit.SECONDS));
        assertInstanceOf(NoSuchFileException.class, lateFailed.getCause());

        assertEquals(Map.of("result/2009/07/17/scan.txt", "the current run"), publishedAt(2));
    }

    /** The crash between recording and writing: the run is whole, so the next attempt takes it over instead of running. */
    @Test
    void aLaterAttemptPublishesAnEarlierFinishedRunWithoutRunningAgain() throws Exception {
        assertTrue(run(1, "scan.txt", "the first run").succeeded());

        assertTrue(run(2, "scan.txt", "a second run").succeeded());

        assertEquals(1, script.runs.get(), "the finished run was reused");
        assertEquals(Map.of("result/2009/07/17/scan.txt", "the first run"), publishedAt(2));
    }
}
