package dev.conveyor.job;

import static dev.conveyor.endpoint.EndpointSettings.FAN_OUT;
import static dev.conveyor.endpoint.EndpointSettings.INPUT_PARAMETER_MAPPINGS;
import static dev.conveyor.endpoint.EndpointSettings.OPERATION_NAME;
import static dev.conveyor.endpoint.EndpointSettings.OPERATION_OUTPUT_LIMIT;
import static dev.conveyor.endpoint.EndpointSettings.OPERATION_TIME_LIMIT;
import static dev.conveyor.endpoint.EndpointSettings.OUTPUT_PARAMETER_MAPPINGS;

import dev.conveyor.common.MessageId;
import dev.conveyor.endpoint.EndpointConfig;
import dev.conveyor.endpoint.FolderTemplate;
import dev.conveyor.endpoint.InputMapping;
import dev.conveyor.files.Confinement;
import dev.conveyor.files.HeldFolder;
import dev.conveyor.files.UnsafeFolderException;
import dev.conveyor.operation.Operation;
import dev.conveyor.operation.OperationContext;
import dev.conveyor.operation.OperationLimits;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * The file side of one run of a job's operation ({@link JobRunner#executeAll}): the staged source in,
 * the laid-out results and their list out, in the attempt's own folder ({@link AttemptFolder}),
 * the job's folder held open for the operation ({@link HeldFolder}). Plain Java, so that what a run
 * does to the stage folder is tested without a container.
 */
final class StagedRun {

    private static final SecureRandom RANDOM = new SecureRandom();

    private StagedRun() {
    }

    /** The operation the request runs: a join runs its fan-out's join operation. */
    static String operationName(RunRequest request) {
        EndpointConfig endpoint = request.endpoint();
        return request.joining() ? endpoint.get(FAN_OUT).orElseThrow().joinOperation() : endpoint.get(OPERATION_NAME);
    }

    /**
     * Runs {@code operation} for the request. A failure of the operation throws (the caller makes
     * it an outcome), except inputs that do not fit the operation: another attempt would find the
     * same, so that is a final failure.
     * <p>
     * The operation works in the job's folder held open from the root ({@link HeldFolder}): a
     * dropper who may rename in the watched folder could otherwise swap the stage folder for a link
     * while it runs, and have it read and write wherever that points, outside the roots too; and it
     * reads its inputs with no link followed below that folder ({@code Document.openToRead}), where a
     * dropped job folder's owner may swap one in. Conveyor's own steps go by the folder's name, as
     * every step of a job does: before the operation, right after the checks; after it, only once
     * the folder at that name is found to be still the one held ({@link HeldFolder#requireStillNamed}).
     * Each use of a path through the held folder costs the kernel more than a plain path (Linux
     * leaves its fast path at such a name), so only the operation's own reads and writes take it.
     */
    static Outcome run(RunRequest request, Operation operation, Confinement confinement) throws Exception {
        StageFolder stage = StageFolder.of(request.endpoint().folder(), request.jobId());
        try (HeldFolder held = HeldFolder.open(confinement, stage.jobFolder())) {
            held.requireKeptFromOthers();
            return run(request, operation, confinement, stage, held);
        } catch (UnsafeFolderException refused) {
            throw HeldFolder.shown(refused, stage.jobFolder());
        }
    }

    private static Outcome run(RunRequest request, Operation operation, Confinement confinement, StageFolder stage, HeldFolder held)
            throws Exception {
        EndpointConfig endpoint = request.endpoint();
        Path staged = stage.input(request.source());
        // A join runs over the children's results, with the operation's defaults: the endpoint's mappings are the split's.
        Path input = request.joining() ? Fragments.folder(stage) : staged;
        Map<String, InputMapping> inputMappings = request.joining() ? Map.of() : endpoint.get(INPUT_PARAMETER_MAPPINGS);
        Map<String, String> outputMappings = request.joining() ? Map.of() : endpoint.get(OUTPUT_PARAMETER_MAPPINGS);
        // Checked down to in/ (a join: the children's results), where a dropper may swap things too: through a link there
        // the operation would read wherever it points, outside the roots too.
        stage.verify(confinement, request.joining() ? input : staged.getParent());
        // Only an attempt after the first can meet earlier attempts' folders. A join takes over no earlier run: its split's
        // attempt finished one, whose results went out as the children (a join is written only after it is WRITING).
        if (request.attempt() > 1 && stage.takeOverFinishedRun(request.attempt(), !request.joining())) {
            // An earlier attempt ran to the end and a crash cut its write short: its results, some perhaps already
            // linked into the result folder, are the job's; running again would make new ones beside them.
            return Outcome.success(request.jobId(), request.attempt());
        }
        // A folder of this attempt's own, new and empty: no half result of an earlier run is in it, and a node still
        // running an earlier attempt writes elsewhere.
        AttemptFolder run;
        try {
            run = stage.startAttempt(request.attempt());
        } catch (FileAlreadyExistsException leftByQuickRun) {
            if (stage.takeOverUncommittedRun(request.attempt(), !request.joining())) {
                return Outcome.success(request.jobId(), request.attempt());
            }
            run = stage.startAttempt(request.attempt());
        }
        List<InputResolver.Call> calls;
        try {
            calls = InputResolver.calls(operation, inputMappings, held.below(input));
        } catch (IllegalArgumentException misfit) {
            // The job's files do not fit the operation's inputs: another attempt would find the same.
            return Outcome.finalFailure(request.jobId(), request.attempt(),
                    MessageId.OPERATION_FAILED.format(operation.name(), request.source(), HeldFolder.shown(misfit.getMessage(), stage.jobFolder())));
        }
        List<Path> units = new ArrayList<>();
        for (int call = 0; call < calls.size(); call++) {
            units.addAll(runCall(operation, calls.get(call), calls.size() == 1 ? run.work()
                    : run.work().resolve(Integer.toString(call + 1)), request, staged, outputMappings, run, held));
        }
        run.finish(units);
        return Outcome.success(request.jobId(), request.attempt());
    }

    /**
     * Runs one call of the operation (each with the time limit, in a work folder of its own) and
     * lays its outputs out; a call for one of several matching files names its results after that
     * file (%F, %E), not after the job.
     */
    private static List<Path> runCall(Operation operation, InputResolver.Call call, Path work, RunRequest request, Path staged,
            Map<String, String> outputMappings, AttemptFolder run, HeldFolder held) throws Exception {
        EndpointConfig endpoint = request.endpoint();
        Path heldWork = held.below(newWorkFolder(run, work));
        OperationLimits limits = OperationLimits.of(endpoint.get(OPERATION_TIME_LIMIT), endpoint.get(OPERATION_OUTPUT_LIMIT));
        OperationContext context = OperationContext.inNewFolder(call.inputs(), heldWork).limitedTo(limits.outputBytes());
        // Held for as long as the operation runs: one left running past its time limit must not see the folder let go.
        Callable<Map<String, Object>> running = held.whileHeld(() -> operation.run(context));
        // On the worker's own thread only where nothing can keep it running: its inputs pinned by descriptor (by path, a
        // pipe swapped in could hold the open), and the limits such that they bound it.
        boolean onWorkersThread = operation.boundedByInputs() && held.pinsByDescriptor() && limits.letBoundedRunsStay();
        Map<String, Object> outputs = onWorkersThread ? limits.runBoundedByInputs(running)
                : limits.run(running, heldWork, held.confinement(), "conveyor-operation-" + request.jobId());
        // The operation may have run long: by name, the steps after it reach the held folder only if no swap moved it away.
        held.requireStillNamed();
        String source = call.fileName() == null ? request.source() : Path.of(call.fileName()).getFileName().toString();
        FolderTemplate.Values values = new FolderTemplate.Values(ZonedDateTime.now(), request.jobId(), endpoint.name(), source, RANDOM);
        return OutputPlacer.place(outputs, outputMappings, staged, values, run.output(), heldWork);
    }

    /**
     * The call's work folder, empty. The attempt's comes with its folder, prepared in a kept stage
     * folder (SpareStageFolders) or made with it (AttemptFolder.create), so the look finds it and
     * costs no exception; it is made here only where an earlier version's start left none. Either
     * way it is empty: a prepared attempt's was checked when it was taken (StageFolder.startAttempt),
     * a made one is new. A call's own folder below it, where a job runs once per matching file, is
     * always made: a link a dropper put in its place while an earlier call ran would have the
     * operation write through it, and making it fails the attempt instead. Nothing is looked at
     * through a link.
     */
    private static Path newWorkFolder(AttemptFolder run, Path work) throws IOException {
        Path attemptWork = Files.isDirectory(run.work(), LinkOption.NOFOLLOW_LINKS) ? run.work() : Files.createDirectory(run.work());
        return work.equals(attemptWork) ? attemptWork : Files.createDirectory(work);
    }
}
