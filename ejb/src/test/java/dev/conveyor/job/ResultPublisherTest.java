package dev.conveyor.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.endpoint.Endpoint;
import dev.conveyor.endpoint.EndpointDefinition;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultPublisherTest {

    private static final Clock JULY_17_2009_20H = Clock.fixed(Instant.parse("2009-07-17T20:00:00Z"), ZoneOffset.UTC);

    @TempDir
    Path root;

    private Path watched;
    private ResultPublisher publisher;

    @BeforeEach
    void setUp() throws IOException {
        watched = Files.createDirectories(root.resolve("in"));
        publisher = new ResultPublisher(JULY_17_2009_20H, new Random(3));
    }

    private Endpoint endpoint(String resultFolder, String preserveFolder, String failureFolder) {
        Endpoint endpoint = new Endpoint("invoices", Instant.EPOCH);
        endpoint.apply(new EndpointDefinition("invoices", watched.toString(), "copy", null, null, null, null,
                resultFolder, preserveFolder, failureFolder).withDefaults(), watched);
        return endpoint;
    }

    private Endpoint defaultEndpoint() {
        return endpoint(null, null, null);
    }

    private StageFolder stage(String jobId, String source, String... outputs) throws IOException {
        StageFolder stage = StageFolder.of(watched, jobId);
        Files.createDirectories(stage.input(source).getParent());
        Files.writeString(stage.input(source), "source of " + jobId);
        Files.createDirectories(stage.output());
        for (String output : outputs) {
            Files.writeString(stage.output().resolve(output), output + " of " + jobId);
        }
        return stage;
    }

    @Test
    void successMovesOutputsIntoTheDatedResultFolder() throws IOException {
        stage("job-1", "scan.pdf", "scan.txt", "scan.png");

        List<String> written = publisher.publishSuccess(defaultEndpoint(), "job-1", "scan.pdf");

        assertEquals(List.of("result/2009/07/17/scan.png", "result/2009/07/17/scan.txt"), written);
        assertEquals("scan.png of job-1", Files.readString(watched.resolve("result/2009/07/17/scan.png")));
        assertEquals("scan.txt of job-1", Files.readString(watched.resolve("result/2009/07/17/scan.txt")));
    }

    @Test
    void successPreservesTheSourceAndRemovesTheJobsStageFolder() throws IOException {
        StageFolder stage = stage("job-1", "scan.pdf", "scan.txt");

        publisher.publishSuccess(defaultEndpoint(), "job-1", "scan.pdf");

        assertEquals("source of job-1", Files.readString(watched.resolve("preserve/2009/07/17/scan.pdf")));
        assertFalse(Files.exists(stage.jobFolder()));
    }

    @Test
    void successLeavesOtherJobsStageFoldersAlone() throws IOException {
        stage("job-1", "a.pdf", "a.txt");
        StageFolder other = stage("job-2", "b.pdf", "b.txt");

        publisher.publishSuccess(defaultEndpoint(), "job-1", "a.pdf");

        assertTrue(Files.exists(other.input("b.pdf")));
        assertTrue(Files.exists(other.output().resolve("b.txt")));
    }

    @Test
    void sameOutputNameOfALaterJobGetsTheNextIndexAndOverwritesNothing() throws IOException {
        Endpoint endpoint = defaultEndpoint();
        stage("job-1", "scan.pdf", "report.txt");
        stage("job-2", "scan.pdf", "report.txt");
        stage("job-3", "scan.pdf", "report.txt");

        assertEquals(List.of("result/2009/07/17/report.txt"), publisher.publishSuccess(endpoint, "job-1", "scan.pdf"));
        assertEquals(List.of("result/2009/07/17/report_1.txt"), publisher.publishSuccess(endpoint, "job-2", "scan.pdf"));
        assertEquals(List.of("result/2009/07/17/report_2.txt"), publisher.publishSuccess(endpoint, "job-3", "scan.pdf"));

        Path results = watched.resolve("result/2009/07/17");
        assertEquals("report.txt of job-1", Files.readString(results.resolve("report.txt")));
        assertEquals("report.txt of job-2", Files.readString(results.resolve("report_1.txt")));
        assertEquals("report.txt of job-3", Files.readString(results.resolve("report_2.txt")));
        Path preserved = watched.resolve("preserve/2009/07/17");
        assertEquals("source of job-1", Files.readString(preserved.resolve("scan.pdf")));
        assertEquals("source of job-2", Files.readString(preserved.resolve("scan_1.pdf")));
        assertEquals("source of job-3", Files.readString(preserved.resolve("scan_2.pdf")));
    }

    @Test
    void aFileAlreadyInTheResultFolderIsNotOverwritten() throws IOException {
        Path results = Files.createDirectories(watched.resolve("result/2009/07/17"));
        Files.writeString(results.resolve("report.txt"), "put there by hand");
        stage("job-1", "scan.pdf", "report.txt");

        assertEquals(List.of("result/2009/07/17/report_1.txt"), publisher.publishSuccess(defaultEndpoint(), "job-1", "scan.pdf"));
        assertEquals("put there by hand", Files.readString(results.resolve("report.txt")));
    }

    @Test
    void outputFolderIsMovedWithItsContent() throws IOException {
        StageFolder stage = stage("job-1", "scan.pdf");
        Path pages = Files.createDirectories(stage.output().resolve("pages.d"));
        Files.writeString(pages.resolve("1.png"), "page 1");
        Files.writeString(pages.resolve("2.png"), "page 2");
        StageFolder second = stage("job-2", "scan.pdf");
        Files.writeString(Files.createDirectories(second.output().resolve("pages.d")).resolve("1.png"), "second page 1");

        assertEquals(List.of("result/2009/07/17/pages.d"), publisher.publishSuccess(defaultEndpoint(), "job-1", "scan.pdf"));
        assertEquals(List.of("result/2009/07/17/pages.d_1"), publisher.publishSuccess(defaultEndpoint(), "job-2", "scan.pdf"));

        Path results = watched.resolve("result/2009/07/17");
        assertEquals("page 1", Files.readString(results.resolve("pages.d/1.png")));
        assertEquals("page 2", Files.readString(results.resolve("pages.d/2.png")));
        assertEquals("second page 1", Files.readString(results.resolve("pages.d_1/1.png")));
    }

    @Test
    void emptyPreserveFolderDeletesTheSource() throws IOException {
        StageFolder stage = stage("job-1", "scan.pdf", "scan.txt");

        publisher.publishSuccess(endpoint(null, "", null), "job-1", "scan.pdf");

        assertFalse(Files.exists(stage.jobFolder()));
        assertFalse(Files.exists(watched.resolve("preserve")));
        assertTrue(Files.exists(watched.resolve("result/2009/07/17/scan.txt")));
    }

    @Test
    void successWithoutOutputsWritesNothingButPreservesTheSource() throws IOException {
        StageFolder stage = StageFolder.of(watched, "job-1");
        Files.createDirectories(stage.input("scan.pdf").getParent());
        Files.writeString(stage.input("scan.pdf"), "source");

        assertEquals(List.of(), publisher.publishSuccess(defaultEndpoint(), "job-1", "scan.pdf"));
        assertTrue(Files.exists(watched.resolve("preserve/2009/07/17/scan.pdf")));
        assertFalse(Files.exists(watched.resolve("result")));
    }

    @Test
    void repeatedSuccessOfAnAlreadyPublishedJobChangesNothing() throws IOException {
        stage("job-1", "scan.pdf", "scan.txt");
        publisher.publishSuccess(defaultEndpoint(), "job-1", "scan.pdf");

        assertEquals(List.of(), publisher.publishSuccess(defaultEndpoint(), "job-1", "scan.pdf"));
        assertEquals(List.of("scan.txt"), listing(watched.resolve("result/2009/07/17")));
        assertEquals(List.of("scan.pdf"), listing(watched.resolve("preserve/2009/07/17")));
    }

    @Test
    void foldersAreExpandedWithTheJobsValues() throws IOException {
        stage("job-9", "scan.pdf", "scan.txt");

        List<String> written = publisher.publishSuccess(endpoint("result/%J/%P/%F-%E/%H%m", "kept/%y%d", null), "job-9", "scan.pdf");

        assertEquals(List.of("result/invoices/job-9/scan-pdf/2000/scan.txt"), written);
        assertTrue(Files.exists(watched.resolve("kept/09198/scan.pdf")));
    }

    @Test
    void absoluteResultFolderIsReportedAsAnAbsolutePath() throws IOException {
        Path elsewhere = root.resolve("results");
        stage("job-1", "scan.pdf", "scan.txt");

        List<String> written = publisher.publishSuccess(endpoint(elsewhere + "/%Y", null, null), "job-1", "scan.pdf");

        assertEquals(List.of(elsewhere.resolve("2009/scan.txt").toString()), written);
        assertTrue(Files.exists(elsewhere.resolve("2009/scan.txt")));
    }

    @Test
    void failureWritesALogAndMovesTheSourceIntoAFolderOfItsOwn() throws IOException {
        StageFolder stage = stage("job-7", "scan.pdf", "half-done.txt");

        List<String> written = publisher.publishFailure(defaultEndpoint(), "job-7", "scan.pdf", "operation crashed: boom");

        assertEquals(List.of("failure/2009/07/17/scan.pdf/failure.log", "failure/2009/07/17/scan.pdf/scan.pdf"), written);
        Path jobFailure = watched.resolve("failure/2009/07/17/scan.pdf");
        assertEquals("source of job-7", Files.readString(jobFailure.resolve("scan.pdf")));
        assertEquals("""
                time: 2009-07-17T20:00Z
                endpoint: invoices
                operation: copy
                job: job-7
                source: scan.pdf
                reason: operation crashed: boom
                """, Files.readString(jobFailure.resolve(ResultPublisher.FAILURE_LOG)));
        assertFalse(Files.exists(stage.jobFolder()));
        assertFalse(Files.exists(watched.resolve("result")));
    }

    @Test
    void secondFailureOfTheSameSourceNameGetsAnIndexedFolder() throws IOException {
        Endpoint endpoint = defaultEndpoint();
        stage("job-1", "scan.pdf");
        stage("job-2", "scan.pdf");

        publisher.publishFailure(endpoint, "job-1", "scan.pdf", "first");
        List<String> written = publisher.publishFailure(endpoint, "job-2", "scan.pdf", "second");

        assertEquals(List.of("failure/2009/07/17/scan.pdf_1/failure.log", "failure/2009/07/17/scan.pdf_1/scan.pdf"), written);
        Path failures = watched.resolve("failure/2009/07/17");
        assertTrue(Files.readString(failures.resolve("scan.pdf/failure.log")).contains("reason: first\n"));
        assertTrue(Files.readString(failures.resolve("scan.pdf_1/failure.log")).contains("reason: second\n"));
        assertEquals("source of job-1", Files.readString(failures.resolve("scan.pdf/scan.pdf")));
        assertEquals("source of job-2", Files.readString(failures.resolve("scan.pdf_1/scan.pdf")));
    }

    @Test
    void failureOfASourceNoLongerStagedWritesOnlyTheLog() throws IOException {
        List<String> written = publisher.publishFailure(defaultEndpoint(), "job-3", "gone.pdf", "source vanished");

        assertEquals(List.of("failure/2009/07/17/gone.pdf/failure.log"), written);
        assertTrue(Files.readString(watched.resolve(written.get(0))).contains("job: job-3\n"));
    }

    private static List<String> listing(Path folder) throws IOException {
        try (var children = Files.list(folder)) {
            return children.map(path -> path.getFileName().toString()).sorted().toList();
        }
    }
}
