package dev.conveyor.incontainer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.endpoint.Endpoint;
import dev.conveyor.endpoint.EndpointConfig;
import dev.conveyor.endpoint.EndpointService;
import dev.conveyor.endpoint.EndpointState;
import dev.conveyor.files.Confinement;
import dev.conveyor.job.JobCompletion;
import dev.conveyor.job.JobDispatcher;
import dev.conveyor.job.JobIds;
import dev.conveyor.job.JobMessaging;
import dev.conveyor.job.JobRunner;
import dev.conveyor.job.JobService;
import dev.conveyor.job.JobService.Claims;
import dev.conveyor.job.JobState;
import dev.conveyor.job.JobView;
import dev.conveyor.job.Jobs;
import dev.conveyor.job.Outcome;
import dev.conveyor.job.Recovery;
import dev.conveyor.job.RunRequest;
import dev.conveyor.job.StageFolder;
import dev.conveyor.node.ThisNode;
import dev.conveyor.scan.EndpointScanner;
import dev.conveyor.scan.ScanMemory;
import dev.conveyor.scan.ScanScheduler;
import dev.conveyor.signal.SignalService;
import dev.conveyor.endpoint.WaitSpec;
import dev.conveyor.signal.WaitingRoom;
import dev.conveyor.web.testing.ConveyorArchive;
import jakarta.annotation.Resource;
import jakarta.ejb.EJBException;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonObjectBuilder;
import jakarta.transaction.UserTransaction;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The transactional services in a real Payara Micro, called through their business methods with
 * the container's transactions: JPA on the embedded H2 and JMS through the Artemis resource
 * adapter to a real broker (ArquillianBroker), enlisted together. The message-driven beans and the
 * timers are left out, so nothing takes a message or a file but the test: what a service leaves
 * on the broker stays there to be counted.
 */
@ExtendWith(ArquillianExtension.class)
class TransactionalServicesIT {

    /** Consumers and timers: they would take the tests' messages and files on their own. */
    private static final Set<String> CONSUMERS_AND_TIMERS = Set.of("JobWorker", "ResultWriter", "SignalListener", "WaitSweep",
            "BatchSchedule");

    @Deployment
    static WebArchive deployment() throws IOException {
        // The scanner, for a test to call; not the scans' timers, which would claim the tests' files on their own.
        return ConveyorArchive.testable("services.war", CONSUMERS_AND_TIMERS).addClasses(Fixture.class, EndpointFiles.class)
                .addPackages(false, path -> !path.get().contains(ScanScheduler.class.getSimpleName()), ScanScheduler.class.getPackage());
    }

    @Inject
    EndpointService endpoints;
    @Inject
    JobService jobs;
    @Inject
    Jobs jobRows;
    @Inject
    JobDispatcher dispatcher;
    @Inject
    JobRunner runner;
    @Inject
    JobCompletion completion;
    @Inject
    Recovery recovery;
    @Inject
    WaitingRoom waitingRoom;
    @Inject
    SignalService signals;
    @Inject
    EndpointScanner scanner;
    @Inject
    Fixture fixture;
    @Inject
    ThisNode node;
    @Resource
    UserTransaction transaction;
    @Resource
    ManagedExecutorService executor;

    @Test
    void twoConcurrentClaimsOfTheSameFilesTakeEachOnceAndWriteItQueued() throws Exception {
        EndpointConfig endpoint = endpoint("claims", Json.createObjectBuilder().add("batchSize", 100));
        List<Path> files = EndpointFiles.drop(endpoint, 20);
        Future<Claims> first = executor.submit(() -> jobs.claimAll(endpoint, files));
        Future<Claims> second = executor.submit(() -> jobs.claimAll(endpoint, files));
        Claims one = first.get();
        Claims other = second.get();

        Set<String> ids = new HashSet<>(one.jobIds().values());
        ids.addAll(other.jobIds().values());
        assertEquals(files.size(), ids.size(), "each file made one job, whichever claim took it: " + one + " / " + other);
        assertEquals(Set.copyOf(files), union(one.jobIds().keySet(), other.jobIds().keySet()));
        assertEquals(ids, Set.copyOf(jobRows.inState(endpoint.name(), JobState.QUEUED)), "the rows are written QUEUED");
        assertEquals(ids, Set.copyOf(fixture.jobsOf(endpoint.name())), "and no other row");
        assertEquals(List.of(), EndpointFiles.inputsLeft(endpoint), "no file is left in the watched folder");
        assertEquals(EndpointFiles.sourceNames(files), EndpointFiles.stagedNames(endpoint), "each file is in stage once");

        dispatcher.sendClaimed(endpoint.name(), one.queued());
        dispatcher.sendClaimed(endpoint.name(), other.queued());
        for (String id : ids) {
            assertEquals(1, dispatches(id), "one dispatch per job: " + id);
        }
    }

    @Test
    void aScanThatFindsNothingToTakeNeitherWaitsForTheEndpointsLockNorMakesAJob() throws Exception {
        EndpointConfig endpoint = endpoint("idle", Json.createObjectBuilder());
        Files.createDirectories(endpoint.folder());
        transaction.begin();
        try {
            // Held as another node's claim holds it: a scan that claimed nothing used to lock the row too, and wait here.
            fixture.lockEndpoint(endpoint.name());
            Future<EndpointScanner.Scanned> scan = executor.submit(() -> scanner.scan(endpoint, new ScanMemory(), true, () -> true));
            assertFalse(scan.get(5, TimeUnit.SECONDS).claimedFullBatch(), "an empty folder: nothing claimed");
        } finally {
            transaction.rollback();
        }
        assertEquals(List.of(), fixture.jobsOf(endpoint.name()));
    }

    @Test
    void aDispatchQueuesStagedJobsWithOneMessageEachAndARepeatSendsNoMore() throws Exception {
        // An endpoint that waits: its claims stay STAGED, for the scan to dispatch those their signal lets go.
        EndpointConfig endpoint = waitingFor("inproc-" + UUID.randomUUID(), "dispatches");
        Claims claims = jobs.claimAll(endpoint, EndpointFiles.drop(endpoint, 3));
        List<String> ids = List.copyOf(claims.jobIds().values());
        assertEquals(Map.of(), claims.queued());
        assertEquals(List.of(JobState.STAGED), states(ids).stream().distinct().toList());

        dispatcher.dispatch(ids);
        dispatcher.dispatch(ids);
        assertEquals(List.of(JobState.QUEUED), states(ids).stream().distinct().toList());
        for (String id : ids) {
            assertEquals(1, dispatches(id), "a job already queued is not sent again: " + id);
        }
    }

    @Test
    void completingRecordsTheOutcomesAndLandsTheResultsOnceHoweverOftenItIsRepeated() throws Exception {
        EndpointConfig endpoint = endpoint("completes", Json.createObjectBuilder());
        List<Path> files = EndpointFiles.drop(endpoint, 3);
        List<String> ids = List.copyOf(jobs.claimAll(endpoint, files).jobIds().values());

        List<RunRequest> started = runner.startAll(ids);
        assertEquals(ids.size(), started.size());
        assertEquals(List.of(), runner.startAll(ids), "a second delivery of the same chunk starts nothing");
        List<Outcome> outcomes = runner.executeAll(started);
        assertEquals(Set.copyOf(ids), Set.copyOf(completion.recordAll(outcomes)));
        assertEquals(List.of(), completion.recordAll(outcomes), "an outcome is recorded once");
        assertEquals(List.of(), completion.completeNow(ids), "nothing is left for the result writers");

        List<JobView> done = views(ids);
        Map<Path, String> results = EndpointFiles.filesUnder(endpoint, "result");
        assertEquals(files.size(), results.size(), results::toString);
        for (JobView job : done) {
            assertEquals(JobState.SUCCEEDED, job.state(), job::toString);
            assertEquals(1, job.attempts());
            Path result = endpoint.folder().resolve(job.results().get(0));
            assertEquals("content of " + job.source(), results.get(result), "the copy's result is the source's content");
        }
        assertEquals(List.of(), EndpointFiles.stagedNames(endpoint), "the stage is cleared once the ends are committed");

        completion.completeNow(ids);
        ids.forEach(completion::complete);
        assertEquals(List.of(), completion.recordAll(outcomes));
        assertEquals(done, views(ids), "a second completion changes no job");
        assertEquals(results, EndpointFiles.filesUnder(endpoint, "result"), "nor any result");
    }

    @Test
    void recordingAChunkWithItsSuccessesEndsThemAtOnceAndLeavesTheFailureWritingForTheWriters() throws Exception {
        EndpointConfig endpoint = endpoint("records", Json.createObjectBuilder());
        List<String> ids = List.copyOf(jobs.claimAll(endpoint, EndpointFiles.drop(endpoint, 3)).jobIds().values());
        String failed = ids.get(2);
        List<Outcome> outcomes = runner.executeAll(runner.startAll(ids)).stream()
                .map(ran -> ran.jobId().equals(failed) ? Outcome.finalFailure(failed, ran.attempt(), "the test's failure") : ran).toList();

        assertEquals(List.of(failed), completion.recordAndComplete(outcomes), "only the failure is left to write");
        Map<Path, String> results = EndpointFiles.filesUnder(endpoint, "result");
        assertEquals(2, results.size(), "each success's result once: " + results);
        for (JobView job : views(ids.subList(0, 2))) {
            assertEquals(JobState.SUCCEEDED, job.state(), job::toString);
            assertEquals(1, job.results().size(), job::toString);
            assertEquals("content of " + job.source(), results.get(endpoint.folder().resolve(job.results().get(0))));
        }
        JobView failure = views(List.of(failed)).get(0);
        assertEquals(JobState.WRITING, failure.state(), failure::toString);
        assertEquals("the test's failure", failure.failureReason());

        assertEquals(List.of(), completion.recordAndComplete(outcomes), "a second delivery records and writes nothing");
        assertEquals(results, EndpointFiles.filesUnder(endpoint, "result"));
        assertEquals(List.of(), completion.completeNow(List.of(failed)));
        assertEquals(JobState.FAILED, views(List.of(failed)).get(0).state());
        assertEquals(List.of(), EndpointFiles.stagedNames(endpoint), "the stage is cleared once every end is committed");
    }

    @Test
    void aQuickChunkStartsRunsAndRecordsItsJobsInOneGoAndASecondDeliveryRunsNothing() throws Exception {
        EndpointConfig endpoint = endpoint("quick", Json.createObjectBuilder());
        List<Path> files = EndpointFiles.drop(endpoint, 3);
        List<String> ids = List.copyOf(jobs.claimAll(endpoint, files).jobIds().values());

        JobRunner.QuickRun run = runner.runQuickly(ids);

        assertEquals(Set.copyOf(ids), Set.copyOf(run.started()));
        assertEquals(List.of(), run.leftWriting(), "nothing is left for the result writers");
        Map<Path, String> results = EndpointFiles.filesUnder(endpoint, "result");
        assertEquals(files.size(), results.size(), results::toString);
        for (JobView job : views(ids)) {
            assertEquals(JobState.SUCCEEDED, job.state(), job::toString);
            assertEquals(1, job.attempts(), "its one attempt counted: " + job);
            assertEquals("content of " + job.source(), results.get(endpoint.folder().resolve(job.results().get(0))));
        }
        assertEquals(List.of(), EndpointFiles.stagedNames(endpoint), "the stage is cleared once the ends are committed");
        assertEquals(List.of(), runner.runQuickly(ids).started(), "a second delivery starts nothing");
        assertEquals(results, EndpointFiles.filesUnder(endpoint, "result"), "nor writes anything");
    }

    /** What a quick chunk that does not commit leaves: the jobs as they were, and runs their careful start takes over. */
    @Test
    void aQuickChunkUndoneLeavesItsJobsQueuedAndTheirCarefulStartTakesOverWhatItRan() throws Exception {
        EndpointConfig endpoint = endpoint("quick-undone", Json.createObjectBuilder());
        List<String> ids = List.copyOf(jobs.claimAll(endpoint, EndpointFiles.drop(endpoint, 2)).jobIds().values());
        Path outside = Files.createTempDirectory("quick-outside");
        Path link = Files.createSymbolicLink(endpoint.folder().resolve("result"), outside);

        assertThrows(JobCompletion.WriteUndone.class, () -> runner.runQuickly(ids), "a link in place of the result folder undoes the write");

        for (JobView job : views(ids)) {
            assertEquals(JobState.QUEUED, job.state(), job::toString);
            assertEquals(0, job.attempts(), "no attempt counted: " + job);
        }
        try (var written = Files.list(outside)) {
            assertEquals(List.of(), written.toList(), "nothing written through the link");
        }
        Files.delete(link);
        endpoints.setState(endpoint.name(), EndpointState.ENABLED);
        for (JobView job : views(ids)) {
            // Were the operation run again, its result would hold this.
            Files.writeString(StageFolder.of(endpoint.folder(), job.id()).input(job.source()), "changed after the quick run");
        }

        List<RunRequest> started = runner.startAll(ids);
        assertEquals(List.of(1, 1), started.stream().map(RunRequest::attempt).toList());
        List<Outcome> outcomes = runner.executeAll(started);
        assertTrue(outcomes.stream().allMatch(Outcome::succeeded), outcomes::toString);
        assertEquals(List.of(), completion.recordAndComplete(outcomes));

        Map<Path, String> results = EndpointFiles.filesUnder(endpoint, "result");
        assertEquals(2, results.size(), "each result once: " + results);
        for (JobView job : views(ids)) {
            assertEquals(JobState.SUCCEEDED, job.state(), job::toString);
            assertEquals(1, job.attempts(), job::toString);
            assertEquals("content of " + job.source(), results.get(endpoint.folder().resolve(job.results().get(0))),
                    "the quick run's result, taken over, not a second run's");
        }
    }

    @Test
    void aResultWriteRolledBackLeavesTheJobWritingAndTheRetryLandsEachResultOnce() throws Exception {
        EndpointConfig endpoint = endpoint("rewrites", Json.createObjectBuilder());
        List<String> ids = List.copyOf(jobs.claimAll(endpoint, EndpointFiles.drop(endpoint, 2)).jobIds().values());
        completion.recordAll(runner.executeAll(runner.startAll(ids)));

        transaction.begin();
        assertEquals(List.of(), completion.completeNow(ids));
        transaction.rollback();
        for (JobView job : views(ids)) {
            assertEquals(JobState.WRITING, job.state(), "a write undone leaves the job WRITING: " + job);
            assertEquals(List.of(), job.results(), "with no result recorded");
        }

        assertEquals(List.of(), completion.completeNow(ids), "the write is tried again from where the undone one left the files");
        for (JobView job : views(ids)) {
            assertEquals(JobState.SUCCEEDED, job.state(), job::toString);
            assertEquals(1, job.results().size(), job::toString);
            assertTrue(Files.isRegularFile(endpoint.folder().resolve(job.results().get(0))), "its result is where it says: " + job);
        }
        Map<Path, String> results = EndpointFiles.filesUnder(endpoint, "result");
        Map<Path, String> preserved = EndpointFiles.filesUnder(endpoint, "preserve");
        assertEquals(2, results.size(), "each result once: " + results);
        assertEquals(2, preserved.size(), "each source kept once: " + preserved);
        assertEquals(List.of(), EndpointFiles.stagedNames(endpoint));
    }

    @Test
    void writingJobsHaveTheirCallbacksResentAChunkAMessage() throws Exception {
        List<String> ids = IntStream.range(0, 450).mapToObj(i -> "writing-" + UUID.randomUUID()).toList();

        dispatcher.resendCallbacks(ids);

        assertEquals(3, fixture.messagesNamingAny(JobMessaging.CALLBACKS_QUEUE, ids), "200, 200 and 50 a message, not one each");
        for (String id : List.of(ids.get(0), ids.get(200), ids.get(449))) {
            assertEquals(1, fixture.messagesNaming(JobMessaging.CALLBACKS_QUEUE, id), id);
        }
    }

    @Test
    void recoveryRequeuesWhatADeadNodeRanAndLeavesWhatItDidNotMake() throws Exception {
        EndpointConfig endpoint = endpoint("recovers", Json.createObjectBuilder());
        List<Path> files = EndpointFiles.drop(endpoint, 2);
        Map<Path, String> claimed = jobs.claimAll(endpoint, files).jobIds();
        String id = claimed.get(files.get(0));
        String writing = claimed.get(files.get(1));
        assertEquals(2, runner.startAll(List.of(id, writing)).size());
        completion.recordAll(List.of(Outcome.success(writing, 1)));
        fixture.leftByDeadNode(id, "node-that-died", Instant.now().minus(Duration.ofHours(1)));
        fixture.leftByDeadNode(writing, "node-that-died", Instant.now().minus(Duration.ofHours(1)));
        Path stage = endpoint.folder().resolve(Endpoint.STAGE_FOLDER);
        Path foreignFolder = Files.createDirectories(stage.resolve("someone-elses"));
        Path foreignFile = EndpointFiles.old(Files.writeString(foreignFolder.resolve("notes.txt"), "not Conveyor's"));
        EndpointFiles.old(foreignFolder);
        Path looseFile = EndpointFiles.old(Files.writeString(stage.resolve("loose.txt"), "not Conveyor's either"));

        assertTrue(recovery.recover().requeued() >= 1);
        JobView requeued = jobs.get(id);
        assertEquals(JobState.QUEUED, requeued.state(), requeued::toString);
        assertEquals(1, dispatches(id), "it has its dispatch again");
        assertEquals(1, fixture.messagesNaming(JobMessaging.CALLBACKS_QUEUE, writing), "a job it was writing has its callback again");
        recovery.recover();
        assertEquals(1, dispatches(id), "a second pass sends no second one");
        assertEquals(JobState.QUEUED, jobs.get(id).state());

        assertEquals(EndpointFiles.sourceNames(files), EndpointFiles.stagedNames(endpoint),
                "the jobs' sources stay in stage for what comes next");
        assertEquals("not Conveyor's", Files.readString(foreignFile));
        assertEquals("not Conveyor's either", Files.readString(looseFile));
    }

    /**
     * A kill between a claim's renames and its commit: the files sit in stage with no job row. The
     * pass makes their jobs where they are (a read-only one refused, as its claim would have), once.
     */
    @Test
    void recoveryMakesTheJobsOfAClaimThatNeverCommittedOnceLeavingTheFilesInStage() throws Exception {
        EndpointConfig endpoint = endpoint("orphans", Json.createObjectBuilder());
        List<Path> files = EndpointFiles.drop(endpoint, 2);
        Confinement confinement = Confinement.ofAllowedRoots();
        StageFolder orphan = StageFolder.of(endpoint.folder(), JobIds.next());
        orphan.claim(confinement, files.get(0));
        StageFolder readOnly = StageFolder.of(endpoint.folder(), JobIds.next());
        Files.setPosixFilePermissions(readOnly.claim(confinement, files.get(1)), PosixFilePermissions.fromString("r--r--r--"));
        for (StageFolder folder : List.of(orphan, readOnly)) {
            EndpointFiles.old(folder.jobFolder().resolve(StageFolder.MARKER));
            EndpointFiles.old(folder.jobFolder());
        }

        assertTrue(recovery.recover().orphansAdopted() >= 2);
        JobView made = jobs.get(orphan.jobId());
        assertEquals(JobState.STAGED, made.state(), "for the endpoint's next scan to queue: " + made);
        assertEquals(files.get(0).getFileName().toString(), made.source());
        assertEquals(List.of(files.get(0).getFileName().toString()), EndpointFiles.stagedNames(endpoint), "its file stays in stage");
        JobView refused = jobs.get(readOnly.jobId());
        assertEquals(JobState.FAILED, refused.state(), refused::toString);
        assertTrue(refused.failureReason().contains("read-only"), refused::toString);
        assertEquals(List.of(), EndpointFiles.inputsLeft(endpoint), "nothing went back to the watched folder");

        recovery.recover();
        assertEquals(new JobService.Adopted(List.of(), List.of()), jobs.adoptOrphans(endpoint, Map.of(orphan.jobId(),
                orphan.input(made.source()))), "a job made already is not made again");
        assertEquals(Set.of(orphan.jobId(), readOnly.jobId()), Set.copyOf(fixture.jobsOf(endpoint.name())), "no second job");
    }

    @Test
    void recoveryTakesBackWhatThisNodesPreviousStartLeftRunningInChunksAsAClaimSendsThem() throws Exception {
        EndpointConfig endpoint = endpoint("restarted", Json.createObjectBuilder().add("batchSize", 100));
        List<String> ids = List.copyOf(jobs.claimAll(endpoint, EndpointFiles.drop(endpoint, 20)).jobIds().values());
        assertEquals(ids.size(), runner.startAll(ids).size());
        // As the previous start of this node left them: under its id (kept across restarts), no worker on them any more.
        node.endWork(ids);
        ids.forEach(id -> fixture.leftByDeadNode(id, node.id(), node.startedAt().minusSeconds(1)));

        assertTrue(recovery.recover().requeued() >= ids.size());
        assertEquals(List.of(JobState.QUEUED), states(ids).stream().distinct().toList());
        for (String id : ids) {
            assertEquals(1, dispatches(id), "each has its dispatch again, once: " + id);
        }
        long messages = fixture.messagesNamingAny(JobMessaging.JOBS_QUEUE, ids);
        assertTrue(messages < ids.size(), "re-queued together, in chunks of several jobs a message: " + messages + " messages");
        recovery.recover();
        assertEquals(messages, fixture.messagesNamingAny(JobMessaging.JOBS_QUEUE, ids), "a second pass sends no more");
    }

    @Test
    void aJobWaitingForASignalIsReleasedByOneNotifyExactlyOnce() throws Exception {
        String signal = "inproc-" + UUID.randomUUID();
        EndpointConfig endpoint = waitingFor(signal, "waits");
        List<String> ids = parked(endpoint, 2);

        signals.notify(signal, SignalService.DEFAULT_COUNTER, 1, Map.of());
        assertEquals(List.of(JobState.QUEUED, JobState.WAITING), states(ids), "one notify lets the oldest go");
        signals.notify(signal, SignalService.DEFAULT_COUNTER, 1, Map.of());
        signals.notify(signal, SignalService.DEFAULT_COUNTER, 1, Map.of());
        assertEquals(List.of(JobState.QUEUED, JobState.QUEUED), states(ids));
        for (String id : ids) {
            assertEquals(1, dispatches(id), "released once, dispatched once: " + id);
        }
    }

    @Test
    void aReleaseRolledBackAfterItsRowAndMessageWereWrittenLeavesBothUnwritten() throws Exception {
        String signal = "inproc-" + UUID.randomUUID();
        EndpointConfig endpoint = waitingFor(signal, "undone");
        List<String> ids = parked(endpoint, 1);
        String id = ids.get(0);

        transaction.begin();
        signals.notify(signal, SignalService.DEFAULT_COUNTER, 1, Map.of());
        assertEquals(JobState.QUEUED, jobs.get(id).state(), "inside the transaction the job is released");
        transaction.rollback();
        assertEquals(JobState.WAITING, jobs.get(id).state(), "the rollback puts the row back");
        assertEquals(0, dispatches(id), "and takes the dispatch back from the broker");

        assertThrows(EJBException.class, () -> fixture.failAfter(() -> waitingRoom.releaseJob(id)));
        assertEquals(JobState.WAITING, jobs.get(id).state(), "an exception after the release undoes the release");
        assertEquals(0, dispatches(id));

        signals.notify(signal, SignalService.DEFAULT_COUNTER, 1, Map.of());
        assertEquals(JobState.QUEUED, jobs.get(id).state(), "the signal counts what was committed, nothing more");
        assertEquals(1, dispatches(id));
    }

    @Test
    void aWaitingJobThatExpiresEndsOnceWithItsSourceAndTheReasonKept() throws Exception {
        String signal = "inproc-" + UUID.randomUUID();
        EndpointConfig endpoint = waitingFor(signal, "expires");
        String id = parked(endpoint, 1).get(0);

        completion.expire(id, WaitSpec.DEFAULT_EXPIRED_FOLDER, Instant.now().plusSeconds(1));
        JobView expired = jobs.get(id);
        assertEquals(JobState.EXPIRED, expired.state(), expired::toString);
        assertTrue(expired.failureReason().contains(signal), expired::toString);
        Map<Path, String> kept = EndpointFiles.filesUnder(endpoint, "expired");
        assertEquals(Set.of("in-0.txt", "expired.log"), kept.keySet().stream().map(file -> file.getFileName().toString())
                .collect(Collectors.toSet()), kept::toString);
        assertEquals(kept.keySet(), expired.results().stream().map(endpoint.folder()::resolve).collect(Collectors.toSet()),
                "the job names what it kept");

        completion.expire(id, WaitSpec.DEFAULT_EXPIRED_FOLDER, Instant.now().plusSeconds(1));
        signals.notify(signal, SignalService.DEFAULT_COUNTER, 1, Map.of());
        assertEquals(expired, jobs.get(id), "an ended job is not ended again, nor released");
        assertEquals(kept, EndpointFiles.filesUnder(endpoint, "expired"));
        assertEquals(0, dispatches(id));
    }

    /** Claims {@code count} files of an endpoint that waits and parks their jobs: WAITING, oldest first. */
    private List<String> parked(EndpointConfig endpoint, int count) throws IOException {
        List<String> ids = new ArrayList<>();
        for (Path file : EndpointFiles.drop(endpoint, count)) {
            Claims claims = jobs.claimAll(endpoint, List.of(file));
            assertEquals(Map.of(), claims.queued(), "a job that waits is not queued by its claim");
            ids.addAll(claims.jobIds().values());
        }
        WaitingRoom.Parked parked = waitingRoom.park(endpoint, ids);
        assertEquals(List.of(), parked.ready());
        assertEquals(List.of(JobState.WAITING), states(ids).stream().distinct().toList());
        return ids;
    }

    /** A new endpoint running {@code copy}, its name made unique so that runs on a kept target/ do not meet. */
    private EndpointConfig endpoint(String name, JsonObjectBuilder settings) {
        String unique = name + "-" + UUID.randomUUID().toString().substring(0, 8);
        endpoints.create(settings.add("name", unique).add("path", unique).add("operationName", "copy").build());
        return endpoints.config(unique).orElseThrow();
    }

    /** A new endpoint whose jobs wait for {@code signal}. */
    private EndpointConfig waitingFor(String signal, String name) {
        return endpoint(name, Json.createObjectBuilder().add("wait", Json.createObjectBuilder().add("releaseSignalId", signal)));
    }

    private int dispatches(String jobId) throws Exception {
        return fixture.messagesNaming(JobMessaging.JOBS_QUEUE, jobId);
    }

    private List<JobView> views(List<String> ids) {
        return ids.stream().map(jobs::get).toList();
    }

    private List<JobState> states(List<String> ids) {
        return views(ids).stream().map(JobView::state).toList();
    }

    private static <T> Set<T> union(Set<T> one, Set<T> other) {
        Set<T> all = new HashSet<>(one);
        all.addAll(other);
        assertEquals(one.size() + other.size(), all.size(), "no file is claimed by both: " + one + " / " + other);
        return all;
    }
}
