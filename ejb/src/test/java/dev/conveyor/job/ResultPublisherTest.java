package dev.conveyor.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.endpoint.Endpoint;
import dev.conveyor.endpoint.EndpointConfig;
import dev.conveyor.endpoint.EndpointSettings;
import dev.conveyor.endpoint.SettingValues;
import dev.conveyor.files.Confinement;
import dev.conveyor.files.Durably;
import dev.conveyor.files.ReservedNames;
import dev.conveyor.files.UnsafeFolderException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultPublisherTest {

    private static final Clock JULY_17_2009_20H = Clock.fixed(Instant.parse("2009-07-17T20:00:00Z"), ZoneOffset.UTC);

    @TempDir
    Path root;

    /** A folder outside the allowed root. */
    @TempDir
    Path outside;

    private Path watched;
    private ResultPublisher publisher;

    @BeforeEach
    void setUp() throws IOException {
        watched = Files.createDirectories(root.resolve("in"));
        publisher = new ResultPublisher(JULY_17_2009_20H, new Random(3), new Confinement(List.of(root)), folder -> false);
    }

    /** The endpoint as it runs, with the given settings over the manual's defaults. */
    private EndpointConfig endpoint(SettingValues given) {
        Endpoint endpoint = new Endpoint("invoices", Instant.EPOCH);
        endpoint.setGiven(given.with(EndpointSettings.OPERATION_NAME, "copy"), watched);
        return endpoint.config(SettingValues.EMPTY);
    }

    /** null leaves a folder at the manual's default. */
    private EndpointConfig endpoint(String resultFolder, String preserveFolder, String failureFolder) {
        SettingValues given = SettingValues.EMPTY;
        if (resultFolder != null) {
            given = given.with(EndpointSettings.RESULT_FOLDER, resultFolder);
        }
        if (preserveFolder != null) {
            given = given.with(EndpointSettings.PRESERVE_FOLDER, preserveFolder);
        }
        if (failureFolder != null) {
            given = given.with(EndpointSettings.FAILURE_FOLDER, failureFolder);
        }
        return endpoint(given);
    }

    private EndpointConfig defaultEndpoint() {
        return endpoint(null, null, null);
    }

    private StageFolder stage(String jobId, String source, String... outputs) throws IOException {
        StageFolder stage = StageFolder.of(watched, jobId).create(new Confinement(List.of(root)));
        Files.writeString(stage.input(source), "source of " + jobId);
        Files.createDirectories(stage.attempt(1).output());
        for (String output : outputs) {
            Files.writeString(stage.attempt(1).output().resolve(output), output + " of " + jobId);
        }
        return stage;
    }

    @Test
    void successMovesOutputsIntoTheDatedResultFolder() throws IOException {
        stage("job-1", "scan.pdf", "scan.txt", "scan.png");

        List<String> written = publishSuccess(defaultEndpoint(), "job-1", "scan.pdf");

        assertEquals(List.of("result/2009/07/17/scan.png", "result/2009/07/17/scan.txt"), written);
        assertEquals("scan.png of job-1", Files.readString(watched.resolve("result/2009/07/17/scan.png")));
        assertEquals("scan.txt of job-1", Files.readString(watched.resolve("result/2009/07/17/scan.txt")));
    }

    @Test
    void successLinksResultAndSourceAndLeavesTheStagedNamesForTheCallerToRemove() throws IOException {
        StageFolder stage = stage("job-1", "scan.pdf", "scan.txt");

        publishSuccess(defaultEndpoint(), "job-1", "scan.pdf");

        assertEquals("source of job-1", Files.readString(watched.resolve("preserve/2009/07/17/scan.pdf")));
        assertTrue(Files.isSameFile(stage.input("scan.pdf"), watched.resolve("preserve/2009/07/17/scan.pdf")));
        assertTrue(Files.isSameFile(stage.attempt(1).output().resolve("scan.txt"), watched.resolve("result/2009/07/17/scan.txt")));
        assertFalse(Files.exists(stage.jobFolder().resolve("published.json")), "a link needs no journal");
    }

    @Test
    void aRetryFindsItsOwnLinkByIdentityAndMakesNoTwin() throws IOException {
        stage("job-1", "scan.pdf", "scan.txt");
        Files.createDirectories(watched.resolve("result/2009/07/17"));
        Files.writeString(watched.resolve("result/2009/07/17/scan.txt"), "someone else's");

        assertEquals(List.of("result/2009/07/17/scan_1.txt"), publishSuccess(defaultEndpoint(), "job-1", "scan.pdf"));
        assertEquals(List.of("result/2009/07/17/scan_1.txt"), publishSuccess(defaultEndpoint(), "job-1", "scan.pdf"));
        assertEquals(List.of("scan.txt", "scan_1.txt"), listing(watched.resolve("result/2009/07/17")));
        assertEquals("someone else's", Files.readString(watched.resolve("result/2009/07/17/scan.txt")));
    }

    @Test
    void aRepeatedWriteAfterACrashBeforeTheCommitReturnsTheSameResultsAndMakesNoTwins() throws IOException {
        stage("job-1", "scan.pdf", "scan.txt", "scan.png").attempt(1).writeResultUnits(List.of(Path.of("scan.png"), Path.of("scan.txt")));
        List<String> first = publishSuccess(defaultEndpoint(), "job-1", "scan.pdf");

        List<String> again = publishSuccess(defaultEndpoint(), "job-1", "scan.pdf");

        assertEquals(first, again);
        assertEquals(List.of("scan.png", "scan.txt"), listing(watched.resolve("result/2009/07/17")));
        assertEquals(List.of("scan.pdf"), listing(watched.resolve("preserve/2009/07/17")));
    }

    @Test
    void aWriteInterruptedAfterReservingPutsTheResultInTheReservedPlace() throws IOException {
        StageFolder stage = stage("job-1", "scan.pdf", "scan.txt");
        Path folder = watched.resolve("result/2009/07/17");
        Path reserved = PublishJournal.of(stage, confinement()).target("result:scan.txt", folder.resolve("scan.txt"), false, false, true,
                intent -> ResultFiles.reserve(folder, "scan.txt", false, false, intent));

        List<String> written = publishSuccess(defaultEndpoint(), "job-1", "scan.pdf");

        assertEquals(List.of("result/2009/07/17/scan.txt"), written);
        assertEquals(folder.resolve("scan.txt"), reserved);
        assertEquals("scan.txt of job-1", Files.readString(reserved));
        assertEquals(List.of("scan.txt"), listing(folder), "no scan_1.txt twin");
    }


    @Test
    void successLeavesOtherJobsStageFoldersAlone() throws IOException {
        stage("job-1", "a.pdf", "a.txt");
        StageFolder other = stage("job-2", "b.pdf", "b.txt");

        publishSuccess(defaultEndpoint(), "job-1", "a.pdf");

        assertTrue(Files.exists(other.input("b.pdf")));
        assertTrue(Files.exists(other.attempt(1).output().resolve("b.txt")));
    }

    @Test
    void sameOutputNameOfALaterJobGetsTheNextIndexAndOverwritesNothing() throws IOException {
        EndpointConfig endpoint = defaultEndpoint();
        stage("job-1", "scan.pdf", "report.txt");
        stage("job-2", "scan.pdf", "report.txt");
        stage("job-3", "scan.pdf", "report.txt");

        assertEquals(List.of("result/2009/07/17/report.txt"), publishSuccess(endpoint, "job-1", "scan.pdf"));
        assertEquals(List.of("result/2009/07/17/report_1.txt"), publishSuccess(endpoint, "job-2", "scan.pdf"));
        assertEquals(List.of("result/2009/07/17/report_2.txt"), publishSuccess(endpoint, "job-3", "scan.pdf"));

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

        assertEquals(List.of("result/2009/07/17/report_1.txt"), publishSuccess(defaultEndpoint(), "job-1", "scan.pdf"));
        assertEquals("put there by hand", Files.readString(results.resolve("report.txt")));
    }

    @Test
    void outputFolderIsMovedWithItsContent() throws IOException {
        StageFolder stage = stage("job-1", "scan.pdf");
        Path pages = Files.createDirectories(stage.attempt(1).output().resolve("pages.d"));
        Files.writeString(pages.resolve("1.png"), "page 1");
        Files.writeString(pages.resolve("2.png"), "page 2");
        StageFolder second = stage("job-2", "scan.pdf");
        Files.writeString(Files.createDirectories(second.attempt(1).output().resolve("pages.d")).resolve("1.png"), "second page 1");

        assertEquals(List.of("result/2009/07/17/pages.d"), publishSuccess(defaultEndpoint(), "job-1", "scan.pdf"));
        assertEquals(List.of("result/2009/07/17/pages.d_1"), publishSuccess(defaultEndpoint(), "job-2", "scan.pdf"));

        Path results = watched.resolve("result/2009/07/17");
        assertEquals("page 1", Files.readString(results.resolve("pages.d/1.png")));
        assertEquals("page 2", Files.readString(results.resolve("pages.d/2.png")));
        assertEquals("second page 1", Files.readString(results.resolve("pages.d_1/1.png")));
    }

    @Test
    void emptyPreserveFolderDeletesTheSource() throws IOException {
        StageFolder stage = stage("job-1", "scan.pdf", "scan.txt");

        publishSuccess(endpoint(null, "", null), "job-1", "scan.pdf");

        assertFalse(Files.exists(stage.input("scan.pdf")));
        assertFalse(Files.exists(watched.resolve("preserve")));
        assertTrue(Files.exists(watched.resolve("result/2009/07/17/scan.txt")));
    }

    @Test
    void successWithoutOutputsWritesNothingButPreservesTheSource() throws IOException {
        StageFolder stage = StageFolder.of(watched, "job-1").create(new Confinement(List.of(root)));
        Files.writeString(stage.input("scan.pdf"), "source");

        assertEquals(List.of(), publishSuccess(defaultEndpoint(), "job-1", "scan.pdf"));
        assertTrue(Files.exists(watched.resolve("preserve/2009/07/17/scan.pdf")));
        assertFalse(Files.exists(watched.resolve("result")));
    }

    @Test
    void repeatedSuccessOfAnAlreadyPublishedJobChangesNothing() throws IOException {
        stage("job-1", "scan.pdf", "scan.txt");
        publishSuccess(defaultEndpoint(), "job-1", "scan.pdf");

        assertEquals(List.of("result/2009/07/17/scan.txt"), publishSuccess(defaultEndpoint(), "job-1", "scan.pdf"));
        assertEquals(List.of("scan.txt"), listing(watched.resolve("result/2009/07/17")));
        assertEquals(List.of("scan.pdf"), listing(watched.resolve("preserve/2009/07/17")));
    }

    @Test
    void foldersAreExpandedWithTheJobsValues() throws IOException {
        stage("job-9", "scan.pdf", "scan.txt");

        List<String> written = publishSuccess(endpoint("result/%J/%P/%F-%E/%H%m", "kept/%y%d", null), "job-9", "scan.pdf");

        assertEquals(List.of("result/invoices/job-9/scan-pdf/2000/scan.txt"), written);
        assertTrue(Files.exists(watched.resolve("kept/09198/scan.pdf")));
    }

    @Test
    void absoluteResultFolderIsReportedAsAnAbsolutePath() throws IOException {
        Path elsewhere = root.resolve("results");
        stage("job-1", "scan.pdf", "scan.txt");

        List<String> written = publishSuccess(endpoint(elsewhere + "/%Y", null, null), "job-1", "scan.pdf");

        assertEquals(List.of(elsewhere.resolve("2009/scan.txt").toString()), written);
        assertTrue(Files.exists(elsewhere.resolve("2009/scan.txt")));
    }

    @Test
    void failureWritesALogAndMovesTheSourceIntoAFolderOfItsOwn() throws IOException {
        StageFolder stage = stage("job-7", "scan.pdf", "half-done.txt");

        List<String> written = publisher.publishFailure(defaultEndpoint(), "job-7", "scan.pdf", "operation crashed: boom", null);

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
        assertFalse(Files.exists(stage.input("scan.pdf")));
        assertFalse(Files.exists(watched.resolve("result")));
    }

    @Test
    void aFailureFolderTakenAwayBeforeTheCommitIsNotWrittenAgainByARetry() throws IOException {
        EndpointConfig endpoint = endpoint(null, null, "errors/");
        stage("job-7", "scan.pdf");
        List<String> first = publisher.publishFailure(endpoint, "job-7", "scan.pdf", "bad", null);
        // A program that collects failures moves the job's folder away before its end commits; then a crash, and a retry.
        Path taken = Files.move(watched.resolve("errors/scan.pdf"), root.resolve("collected"));

        List<String> again = publisher.publishFailure(endpoint, "job-7", "scan.pdf", "bad", null);

        assertEquals(List.of("errors/scan.pdf/failure.log", "errors/scan.pdf/scan.pdf"), first);
        assertEquals(first, again);
        assertEquals(List.of(), listing(watched.resolve("errors")));
        assertEquals(List.of("failure.log", "scan.pdf"), listing(taken));
    }

    @Test
    void aFailureWriteCutShortWhileItsFolderWasBuiltIsFinishedByTheRetry() throws IOException {
        StageFolder stage = stage("job-7", "scan.pdf");
        Files.createDirectories(stage.unfinished());
        Files.writeString(stage.unfinished().resolve(ResultPublisher.FAILURE_LOG), "time: 20");

        List<String> written = publisher.publishFailure(defaultEndpoint(), "job-7", "scan.pdf", "bad", null);

        assertEquals(List.of("failure/2009/07/17/scan.pdf/failure.log", "failure/2009/07/17/scan.pdf/scan.pdf"), written);
        assertTrue(Files.readString(watched.resolve(written.get(0))).endsWith("reason: bad\n"));
        assertEquals("source of job-7", Files.readString(watched.resolve(written.get(1))));
        assertFalse(Files.exists(stage.unfinished()));
    }

    @Test
    void aFailureWrittenAgainAfterACrashFindsItsFolderWhereItWentAndMakesNoTwin() throws IOException {
        stage("job-7", "scan.pdf");
        List<String> first = publisher.publishFailure(defaultEndpoint(), "job-7", "scan.pdf", "bad", null);

        List<String> again = publisher.publishFailure(defaultEndpoint(), "job-7", "scan.pdf", "bad", null);

        assertEquals(first, again);
        Path failures = watched.resolve("failure/2009/07/17");
        assertEquals(List.of("scan.pdf"), listing(failures));
        assertEquals(List.of("failure.log", "scan.pdf"), listing(failures.resolve("scan.pdf")));
        assertEquals("source of job-7", Files.readString(failures.resolve("scan.pdf/scan.pdf")));
    }

    @Test
    void aCrashBetweenWritingDownAFailureFolderNameAndTheRenameMovesTheFolderThereOnTheRetry() throws IOException {
        StageFolder stage = stage("job-7", "scan.pdf");
        Files.createDirectories(stage.unfinished());
        Files.move(stage.input("scan.pdf"), stage.unfinished().resolve("scan.pdf"));
        Path failures = watched.resolve("failure/2009/07/17");
        forgeJournal(stage, "unfinished?", failures.resolve("scan.pdf"));

        List<String> written = publisher.publishFailure(defaultEndpoint(), "job-7", "scan.pdf", "bad", null);

        assertEquals(List.of("failure/2009/07/17/scan.pdf/failure.log", "failure/2009/07/17/scan.pdf/scan.pdf"), written);
        assertEquals(List.of("scan.pdf"), listing(failures), "the name written down is taken, no scan.pdf_1 beside it");
        assertEquals("source of job-7", Files.readString(failures.resolve("scan.pdf/scan.pdf")));
        assertFalse(ReservedNames.isReservation(failures.resolve("scan.pdf")));
    }

    @Test
    void aLinkPlantedWhereTheFailureFolderIsBuiltIsRefusedAndNothingIsWrittenThroughIt() throws IOException {
        StageFolder stage = stage("job-7", "scan.pdf");
        Path outside = Files.createTempDirectory("outside-the-roots");
        Files.createSymbolicLink(stage.unfinished(), outside);

        assertThrows(UnsafeFolderException.class,
                () -> publisher.publishFailure(defaultEndpoint(), "job-7", "scan.pdf", "bad", null));

        assertEquals(List.of(), listing(outside));
        assertEquals("source of job-7", Files.readString(stage.input("scan.pdf")));
        Files.delete(outside);
    }

    @Test
    void aSourceNamedLikeTheLogIsKeptBesideIt() throws IOException {
        stage("job-7", "failure.log");

        List<String> written = publisher.publishFailure(defaultEndpoint(), "job-7", "failure.log", "bad", null);

        assertEquals(List.of("failure/2009/07/17/failure.log/failure.log", "failure/2009/07/17/failure.log/failure_1.log"), written);
        assertEquals("source of job-7", Files.readString(watched.resolve(written.get(1))));
    }

    @Test
    void secondFailureOfTheSameSourceNameGetsAnIndexedFolder() throws IOException {
        EndpointConfig endpoint = defaultEndpoint();
        stage("job-1", "scan.pdf");
        stage("job-2", "scan.pdf");

        publisher.publishFailure(endpoint, "job-1", "scan.pdf", "first", null);
        List<String> written = publisher.publishFailure(endpoint, "job-2", "scan.pdf", "second", null);

        assertEquals(List.of("failure/2009/07/17/scan.pdf_1/failure.log", "failure/2009/07/17/scan.pdf_1/scan.pdf"), written);
        Path failures = watched.resolve("failure/2009/07/17");
        assertTrue(Files.readString(failures.resolve("scan.pdf/failure.log")).contains("reason: first\n"));
        assertTrue(Files.readString(failures.resolve("scan.pdf_1/failure.log")).contains("reason: second\n"));
        assertEquals("source of job-1", Files.readString(failures.resolve("scan.pdf/scan.pdf")));
        assertEquals("source of job-2", Files.readString(failures.resolve("scan.pdf_1/scan.pdf")));
    }

    @Test
    void failureOfASourceNoLongerStagedWritesOnlyTheLog() throws IOException {
        List<String> written = publisher.publishFailure(defaultEndpoint(), "job-3", "gone.pdf", "source vanished", null);

        assertEquals(List.of("failure/2009/07/17/gone.pdf/failure.log"), written);
        assertTrue(Files.readString(watched.resolve(written.get(0))).contains("job: job-3\n"));
    }

    @Test
    void failureLogEndsWithTheDetail() throws IOException {
        stage("job-7", "scan.pdf");

        publisher.publishFailure(defaultEndpoint(), "job-7", "scan.pdf", "operation crashed: boom",
                "java.lang.IllegalStateException: boom\n    at x.Y.z(Y.java:1)");

        assertEquals("""
                time: 2009-07-17T20:00Z
                endpoint: invoices
                operation: copy
                job: job-7
                source: scan.pdf
                reason: operation crashed: boom
                detail:
                java.lang.IllegalStateException: boom
                    at x.Y.z(Y.java:1)
                """, Files.readString(watched.resolve("failure/2009/07/17/scan.pdf/failure.log")));
    }

    @Test
    void blankDetailAddsNoDetailSection() throws IOException {
        stage("job-7", "scan.pdf");

        publisher.publishFailure(defaultEndpoint(), "job-7", "scan.pdf", "bad", "  ");

        assertFalse(Files.readString(watched.resolve("failure/2009/07/17/scan.pdf/failure.log")).contains("detail"));
    }

    @Test
    void withoutPreserveOnFailureOnlyTheLogIsKeptAndTheSourceIsGone() throws IOException {
        StageFolder stage = stage("job-7", "scan.pdf");

        List<String> written = publisher.publishFailure(
                endpoint(SettingValues.EMPTY.with(EndpointSettings.PRESERVE_ON_FAILURE, false)), "job-7", "scan.pdf", "bad", null);

        assertEquals(List.of("failure/2009/07/17/scan.pdf/failure.log"), written);
        assertEquals(List.of("failure.log"), listing(watched.resolve("failure/2009/07/17/scan.pdf")));
        assertTrue(Files.exists(stage.input("scan.pdf")), "without preserveOnFailure the source stays in stage until the caller clears it");
    }

    @Test
    void overwriteDuplicateFilenameReplacesResultsAndPreservedSources() throws IOException {
        EndpointConfig endpoint = endpoint(SettingValues.EMPTY.with(EndpointSettings.OVERWRITE_DUPLICATE_FILENAME, true));
        stage("job-1", "scan.pdf", "report.txt");
        stage("job-2", "scan.pdf", "report.txt");

        assertEquals(List.of("result/2009/07/17/report.txt"), publishSuccess(endpoint, "job-1", "scan.pdf"));
        assertEquals(List.of("result/2009/07/17/report.txt"), publishSuccess(endpoint, "job-2", "scan.pdf"));

        assertEquals(List.of("report.txt"), listing(watched.resolve("result/2009/07/17")));
        assertEquals("report.txt of job-2", Files.readString(watched.resolve("result/2009/07/17/report.txt")));
        assertEquals(List.of("scan.pdf"), listing(watched.resolve("preserve/2009/07/17")));
        assertEquals("source of job-2", Files.readString(watched.resolve("preserve/2009/07/17/scan.pdf")));
    }

    @Test
    void overwriteDuplicateFilenameMergesAFolderUnit() throws IOException {
        EndpointConfig endpoint = endpoint(SettingValues.EMPTY.with(EndpointSettings.OVERWRITE_DUPLICATE_FILENAME, true));
        StageFolder first = stage("job-1", "scan.pdf");
        Path pages = Files.createDirectories(first.attempt(1).output().resolve("pages"));
        Files.writeString(pages.resolve("1.png"), "first page 1");
        Files.writeString(pages.resolve("2.png"), "first page 2");
        StageFolder second = stage("job-2", "scan.pdf");
        Files.writeString(Files.createDirectories(second.attempt(1).output().resolve("pages")).resolve("1.png"), "second page 1");

        publishSuccess(endpoint, "job-1", "scan.pdf");
        assertEquals(List.of("result/2009/07/17/pages"), publishSuccess(endpoint, "job-2", "scan.pdf"));

        Path results = watched.resolve("result/2009/07/17");
        assertEquals(List.of("pages"), listing(results));
        assertEquals("second page 1", Files.readString(results.resolve("pages/1.png")));
        assertEquals("first page 2", Files.readString(results.resolve("pages/2.png")));
    }

    @Test
    void onlyTheListedResultUnitsArePublishedKeepingTheirFolders() throws IOException {
        StageFolder stage = stage("job-1", "scan.pdf", "scratch.tmp");
        Files.writeString(Files.createDirectories(stage.attempt(1).output().resolve("text")).resolve("scan.txt"), "text");
        stage.attempt(1).writeResultUnits(List.of(Path.of("text/scan.txt")));
        Files.createDirectories(watched.resolve("result/2009/07/17/text"));
        Files.writeString(watched.resolve("result/2009/07/17/text/other.txt"), "another job's");

        assertEquals(List.of("result/2009/07/17/text/scan.txt"), publishSuccess(defaultEndpoint(), "job-1", "scan.pdf"));

        assertEquals(List.of("other.txt", "scan.txt"), listing(watched.resolve("result/2009/07/17/text")));
        assertEquals(List.of("text"), listing(watched.resolve("result/2009/07/17")));
        assertTrue(Files.exists(stage.attempt(1).output().resolve("scratch.tmp")), "what is not listed is not published");
    }

    @Test
    void republishingAfterAPartlyWrittenSuccessMovesWhatIsLeftAndReservesNothingEmpty() throws IOException {
        // A first attempt moved a.txt and then failed; the callback comes again (JobCompletion's retry).
        StageFolder stage = stage("job-1", "scan.pdf", "b.txt");
        stage.attempt(1).writeResultUnits(List.of(Path.of("a.txt"), Path.of("b.txt")));
        Path results = Files.createDirectories(watched.resolve("result/2009/07/17"));
        Files.writeString(results.resolve("a.txt"), "a.txt of job-1");

        assertEquals(List.of("result/2009/07/17/b.txt"), publishSuccess(defaultEndpoint(), "job-1", "scan.pdf"));

        assertEquals(List.of("a.txt", "b.txt"), listing(results));
        assertEquals("a.txt of job-1", Files.readString(results.resolve("a.txt")));
        assertEquals("b.txt of job-1", Files.readString(results.resolve("b.txt")));
        assertTrue(Files.exists(watched.resolve("preserve/2009/07/17/scan.pdf")));
    }

    private StageFolder stageJobFolder(String jobId, String source, String... files) throws IOException {
        StageFolder stage = StageFolder.of(watched, jobId).create(new Confinement(List.of(root)));
        Path folder = Files.createDirectories(stage.input(source));
        for (String file : files) {
            Files.writeString(folder.resolve(file), file + " of " + jobId);
        }
        return stage;
    }

    @Test
    void jobFolderSourceIsPreservedWholeAndATakenNameGetsAnIndex() throws IOException {
        stageJobFolder("job-1", "batch", "a.xml", "b.xml");
        stageJobFolder("job-2", "batch", "c.xml");

        publishSuccess(defaultEndpoint(), "job-1", "batch");
        publishSuccess(defaultEndpoint(), "job-2", "batch");

        Path preserved = watched.resolve("preserve/2009/07/17");
        assertEquals(List.of("batch", "batch_1"), listing(preserved));
        assertEquals(List.of("a.xml", "b.xml"), listing(preserved.resolve("batch")));
        assertEquals("c.xml of job-2", Files.readString(preserved.resolve("batch_1/c.xml")));
    }

    @Test
    void folderUnitsMovedOutBeforeACrashAreFoundWhereTheyWentByTheRetryAndNothingIsReservedAgain() throws IOException {
        StageFolder stage = stageJobFolder("job-1", "batch", "a.xml");
        Path pages = Files.createDirectories(Files.createDirectories(stage.attempt(1).output()).resolve("pages"));
        Files.writeString(pages.resolve("1.png"), "page 1");
        stage.attempt(1).writeResultUnits(List.of(Path.of("pages")));
        List<String> first = publishSuccess(defaultEndpoint(), "job-1", "batch");

        List<String> again = publishSuccess(defaultEndpoint(), "job-1", "batch");

        assertEquals(List.of("result/2009/07/17/pages"), first);
        assertEquals(first, again);
        assertEquals(List.of("pages"), listing(watched.resolve("result/2009/07/17")));
        assertEquals(List.of("batch"), listing(watched.resolve("preserve/2009/07/17")));
        assertEquals("a.xml of job-1", Files.readString(watched.resolve("preserve/2009/07/17/batch/a.xml")));
    }

    @Test
    void aCrashBetweenWritingDownAFolderNameAndTheRenameMovesTheFolderThereOnTheRetry() throws IOException {
        StageFolder stage = stageJobFolder("job-1", "batch", "a.xml");
        Path preserved = watched.resolve("preserve/2009/07/17");
        forgeJournal(stage, "source?", preserved.resolve("batch"));

        publishSuccess(defaultEndpoint(), "job-1", "batch");

        assertEquals(List.of("batch"), listing(preserved), "the name written down is taken, no batch_1 beside it");
        assertEquals("a.xml of job-1", Files.readString(preserved.resolve("batch/a.xml")));
        assertFalse(ReservedNames.isReservation(preserved.resolve("batch")));
    }

    @Test
    void failedJobFolderGoesWholeIntoItsFailureFolder() throws IOException {
        stageJobFolder("job-1", "batch", "a.xml");

        List<String> written = publisher.publishFailure(defaultEndpoint(), "job-1", "batch", "bad", null);

        assertEquals(List.of("failure/2009/07/17/batch/failure.log", "failure/2009/07/17/batch/batch"), written);
        assertEquals("a.xml of job-1", Files.readString(watched.resolve("failure/2009/07/17/batch/batch/a.xml")));
    }

    @Test
    void aCrashBetweenWritingDownANameAndReservingItFindsTheReservationAgain() throws IOException {
        StageFolder stage = stage("job-1", "scan.pdf", "scan.txt");
        stage.attempt(1).writeResultUnits(List.of(Path.of("scan.txt")));
        Path folder = Files.createDirectories(watched.resolve("result/2009/07/17"));
        Files.createFile(folder.resolve("scan.txt"));
        Files.writeString(stage.jobFolder().resolve("published.json"), "{\"result:scan.txt?\":\"" + folder.resolve("scan.txt") + "\"}");

        assertEquals(List.of("result/2009/07/17/scan.txt"), publishSuccess(defaultEndpoint(), "job-1", "scan.pdf"));

        assertEquals("scan.txt of job-1", Files.readString(folder.resolve("scan.txt")));
        assertEquals(List.of("scan.txt"), listing(folder), "the empty reservation is adopted, not skipped for scan_1.txt");
    }

    @Test
    void aNameWrittenDownButTakenByAnotherWriterIsNotAdopted() throws IOException {
        StageFolder stage = stage("job-1", "scan.pdf", "scan.txt");
        stage.attempt(1).writeResultUnits(List.of(Path.of("scan.txt")));
        Path folder = Files.createDirectories(watched.resolve("result/2009/07/17"));
        Files.writeString(folder.resolve("scan.txt"), "someone else's");
        Files.writeString(stage.jobFolder().resolve("published.json"), "{\"result:scan.txt?\":\"" + folder.resolve("scan.txt") + "\"}");

        assertEquals(List.of("result/2009/07/17/scan_1.txt"), publishSuccess(defaultEndpoint(), "job-1", "scan.pdf"));

        assertEquals("someone else's", Files.readString(folder.resolve("scan.txt")));
    }

    private static List<String> listing(Path folder) throws IOException {
        try (var children = Files.list(folder)) {
            return children.map(path -> path.getFileName().toString()).sorted().toList();
        }
    }

    /** Publishes as the result writer does for a chunk of one: placed, then forced. */
    @Test
    void aResultAndASourceHandedOnToWatchedFoldersAndTakenFromThereAreNotWrittenAgainByARetry() throws IOException {
        Path inbox = Files.createDirectories(root.resolve("next"));
        Path keptInbox = Files.createDirectories(root.resolve("kept"));
        ResultPublisher handingOn = new ResultPublisher(JULY_17_2009_20H, new Random(3), new Confinement(List.of(root)),
                Set.of(inbox, keptInbox)::contains);
        EndpointConfig chained = endpoint(inbox.toString(), keptInbox.toString(), null);
        stage("job-1", "scan.pdf", "scan.txt").attempt(1).writeResultUnits(List.of(Path.of("scan.txt")));
        List<String> first = publishSuccess(handingOn, chained, "job-1", "scan.pdf");
        // The endpoints watching those folders claim both before this job's end commits; then a crash, and the write is retried.
        Path takenResult = Files.move(inbox.resolve("scan.txt"), root.resolve("claimed.txt"));
        Path takenSource = Files.move(keptInbox.resolve("scan.pdf"), root.resolve("claimed.pdf"));

        List<String> again = publishSuccess(handingOn, chained, "job-1", "scan.pdf");

        assertEquals(List.of(inbox.resolve("scan.txt").toString()), first);
        assertEquals(first, again);
        assertEquals(List.of(), listing(inbox));
        assertEquals(List.of(), listing(keptInbox));
        assertEquals("scan.txt of job-1", Files.readString(takenResult));
        assertEquals("source of job-1", Files.readString(takenSource));
    }

    @Test
    void aResultHandedOnIsRenamedOverAReservationThatTheWatchingScanLeavesAlone() throws IOException {
        Path inbox = Files.createDirectories(root.resolve("next"));
        ResultPublisher handingOn = new ResultPublisher(JULY_17_2009_20H, new Random(3), new Confinement(List.of(root)), inbox::equals);
        StageFolder stage = stage("job-1", "scan.pdf", "scan.txt");
        stage.attempt(1).writeResultUnits(List.of(Path.of("scan.txt")));
        // A crash right after the reservation: the name is held by an empty placeholder with no permissions.
        Path reserved = PublishJournal.of(stage, confinement()).target("result:scan.txt", inbox.resolve("scan.txt"), false, false, true,
                intent -> ResultFiles.reserve(inbox, "scan.txt", false, false, intent));
        assertTrue(ReservedNames.isReservation(reserved), "marked, so that a scan of the inbox leaves it alone");

        publishSuccess(handingOn, endpoint(inbox.toString(), "", null), "job-1", "scan.pdf");

        assertEquals(List.of("scan.txt"), listing(inbox));
        assertEquals("scan.txt of job-1", Files.readString(reserved));
        assertFalse(ReservedNames.isReservation(reserved));
    }

    @Test
    void aJournalEntryWrittenByADropperCannotSendAResultOutsideTheRoots() throws IOException {
        Path victim = Files.writeString(outside.resolve("victim.txt"), "not Conveyor's");
        StageFolder stage = stage("job-1", "scan.pdf", "scan.txt");
        forgeJournal(stage, "result:scan.txt", victim, "source", outside.resolve("scan.pdf"));

        List<String> written = publishSuccess(defaultEndpoint(), "job-1", "scan.pdf");

        assertEquals(List.of("result/2009/07/17/scan.txt"), written);
        assertEquals("scan.txt of job-1", Files.readString(watched.resolve("result/2009/07/17/scan.txt")));
        assertEquals("source of job-1", Files.readString(watched.resolve("preserve/2009/07/17/scan.pdf")));
        assertEquals("not Conveyor's", Files.readString(victim));
        assertEquals(List.of("victim.txt"), listing(outside));
    }

    @Test
    void aJournalEntryWrittenByADropperCannotHaveAResultReplaceAnotherFileInTheRoots() throws IOException {
        Path other = Files.writeString(Files.createDirectories(watched.resolve("result/2009/07/17")).resolve("scan_1.txt"), "another job's");
        StageFolder stage = stage("job-1", "scan.pdf", "scan.txt");
        forgeJournal(stage, "result:scan.txt", other);

        publishSuccess(defaultEndpoint(), "job-1", "scan.pdf");

        assertEquals("another job's", Files.readString(other), "an indexed name in the right folder, but no placeholder Conveyor made");
        assertEquals("scan.txt of job-1", Files.readString(watched.resolve("result/2009/07/17/scan.txt")));
    }

    @Test
    void aJournalEntryWrittenByADropperDoesNotKeepAFailedSourceFromTheFailureFolder() throws IOException {
        StageFolder stage = stage("job-1", "scan.pdf");
        forgeJournal(stage, "unfinished", watched.resolve("failure/2009/07/17/scan.pdf"));

        List<String> written = publisher.publishFailure(defaultEndpoint(), "job-1", "scan.pdf", "bad input", null);

        assertEquals(List.of("failure/2009/07/17/scan.pdf/failure.log", "failure/2009/07/17/scan.pdf/scan.pdf"), written);
        assertEquals("source of job-1", Files.readString(watched.resolve("failure/2009/07/17/scan.pdf/scan.pdf")));
    }

    @Test
    void aJournalEntryThatNamesNoPathIsIgnored() throws IOException {
        StageFolder stage = stage("job-1", "scan.pdf", "scan.txt");
        Files.writeString(stage.jobFolder().resolve("published.json"), "{\"result:scan.txt\":\"a\\u0000b\",\"source\":7}");

        publishSuccess(endpoint(SettingValues.EMPTY.with(EndpointSettings.OVERWRITE_DUPLICATE_FILENAME, true)), "job-1", "scan.pdf");

        assertEquals("scan.txt of job-1", Files.readString(watched.resolve("result/2009/07/17/scan.txt")));
        assertEquals("source of job-1", Files.readString(watched.resolve("preserve/2009/07/17/scan.pdf")));
    }

    @Test
    void aLinkInPlaceOfTheJournalIsNeitherReadNorWrittenThrough() throws IOException {
        Path secret = Files.writeString(outside.resolve("secret.json"), "{\"result:scan.txt\":\"" + outside.resolve("x.txt") + "\"}");
        StageFolder stage = stage("job-1", "scan.pdf", "scan.txt");
        stage.attempt(1).writeResultUnits(List.of(Path.of("scan.txt")));
        Files.createSymbolicLink(stage.jobFolder().resolve("published.json"), secret);

        publishSuccess(endpoint(SettingValues.EMPTY.with(EndpointSettings.OVERWRITE_DUPLICATE_FILENAME, true)), "job-1", "scan.pdf");

        assertEquals("scan.txt of job-1", Files.readString(watched.resolve("result/2009/07/17/scan.txt")));
        assertEquals(List.of("secret.json"), listing(outside));
        assertTrue(Files.readString(secret).contains("x.txt"), "the file the link points to is not written");
    }

    @Test
    void anAttemptFolderSwappedForALinkIsRefusedAndNothingBehindItIsTaken() throws IOException {
        StageFolder stage = stage("job-1", "scan.pdf", "scan.txt");
        Path attempt = stage.attempt(1).folder();
        Path moved = Files.move(attempt, outside.resolve("1"));
        Files.createSymbolicLink(attempt, moved);

        UnsafeFolderException refused = assertThrows(UnsafeFolderException.class, () -> publishSuccess(defaultEndpoint(), "job-1", "scan.pdf"));

        assertTrue(refused.getMessage().startsWith("CNV-8001-E " + attempt), refused.getMessage());
        assertEquals("scan.txt of job-1", Files.readString(moved.resolve("out/scan.txt")));
        assertFalse(Files.exists(watched.resolve("result")));
    }

    /** Writes published.json as a dropper could: each key followed by the path it is to name. */
    private static void forgeJournal(StageFolder stage, Object... keysAndPaths) throws IOException {
        var json = jakarta.json.Json.createObjectBuilder();
        for (int i = 0; i < keysAndPaths.length; i += 2) {
            json.add((String) keysAndPaths[i], keysAndPaths[i + 1].toString());
        }
        Files.writeString(stage.jobFolder().resolve("published.json"), json.build().toString());
    }

    private Confinement confinement() {
        return new Confinement(List.of(root));
    }

    private List<String> publishSuccess(EndpointConfig endpoint, String jobId, String source) throws IOException {
        return publishSuccess(publisher, endpoint, jobId, source);
    }

    private static List<String> publishSuccess(ResultPublisher publisher, EndpointConfig endpoint, String jobId, String source)
            throws IOException {
        Durably.Pending durable = new Durably.Pending();
        List<String> written = publisher.publishSuccess(endpoint, jobId, 1, source, durable);
        durable.force();
        return written;
    }
}
