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

/**
 * The file side of one run of a job's operation ({@link JobRunner#executeAll}): the staged source in,
 * the laid-out results and their list out, in the attempt's own folder ({@link AttemptFolder}). Plain Java, so that what a run does to the stage folder
 * is tested without a container.
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
     */
    static Outcome run(RunRequest request, Operation operation, Confinement confinement) throws Exception {
        StageFolder named = StageFolder.of(request.endpoint().folder(), request.jobId());
        // Held open from the root: a dropper who may rename in the watched folder could otherwise swap the stage folder
        // for a link while the operation runs, and have it read and write wherever that points, outside the roots too.
        try (HeldFolder held = HeldFolder.open(confinement, named.jobFolder())) {
            return run(request, operation, named, held);
        } catch (UnsafeFolderException refused) {
            throw HeldFolder.shown(refused, named.jobFolder());
        }
    }

    private static Outcome run(RunRequest request, Operation operation, StageFolder named, HeldFolder held) throws Exception {
        EndpointConfig endpoint = request.endpoint();
        // A join runs over the children's results, with the operation's defaults: the endpoint's mappings are the split's.
        Map<String, InputMapping> inputMappings = request.joining() ? Map.of() : endpoint.get(INPUT_PARAMETER_MAPPINGS);
        Map<String, String> outputMappings = request.joining() ? Map.of() : endpoint.get(OUTPUT_PARAMETER_MAPPINGS);
        // Checked down to in/ (a join: the children's results), where a dropper may swap things too: through a link there
        // the operation would read wherever it points, outside the roots too.
        StageFolder seen = named.verifyHeld(held, request.joining() ? Fragments.folder(named) : named.input(request.source()).getParent());
        // The operation, and what is done with its outputs after it ran, reach the job's files through the held folder.
        // The steps before it go by the folder's name, right after that check: what they meet through a link swapped in
        // meanwhile is not the held folder, whose attempt folder the operation then finds missing, and fails.
        Path input = request.joining() ? Fragments.folder(seen) : seen.input(request.source());
        // Only an attempt after the first can meet earlier attempts' folders. A join takes over no earlier run: its split's
        // attempt finished one, whose results went out as the children (a join is written only after it is WRITING).
        if (request.attempt() > 1 && named.takeOverFinishedRun(request.attempt(), !request.joining())) {
            // An earlier attempt ran to the end and a crash cut its write short: its results, some perhaps already
            // linked into the result folder, are the job's; running again would make new ones beside them.
            return Outcome.success(request.jobId(), request.attempt());
        }
        // A folder of this attempt's own, new and empty: no half result of an earlier run is in it, and a node still
        // running an earlier attempt writes elsewhere.
        AttemptFolder run;
        try {
            run = named.startAttempt(request.attempt());
        } catch (FileAlreadyExistsException leftByQuickRun) {
            if (named.takeOverUncommittedRun(request.attempt(), !request.joining())) {
                return Outcome.success(request.jobId(), request.attempt());
            }
            run = named.startAttempt(request.attempt());
        }
        List<InputResolver.Call> calls;
        try {
            calls = InputResolver.calls(operation, inputMappings, input);
        } catch (IllegalArgumentException misfit) {
            // The job's files do not fit the operation's inputs: another attempt would find the same.
            return Outcome.finalFailure(request.jobId(), request.attempt(),
                    MessageId.OPERATION_FAILED.format(operation.name(), request.source(), HeldFolder.shown(misfit.getMessage(), named.jobFolder())));
        }
        List<Path> units = new ArrayList<>();
        for (int call = 0; call < calls.size(); call++) {
            units.addAll(runCall(operation, calls.get(call), calls.size() == 1 ? run.work()
                    : run.work().resolve(Integer.toString(call + 1)), request, named.input(request.source()), outputMappings, run, held));
        }
        new AttemptFolder(held.below(run.folder())).finish(units);
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
        OperationContext context = OperationContext.inNewFolder(call.inputs(), heldWork);
        // Held for as long as the operation runs: one left running past its time limit must not see the folder let go.
        Map<String, Object> outputs = OperationLimits.of(endpoint.get(OPERATION_TIME_LIMIT), endpoint.get(OPERATION_OUTPUT_LIMIT))
                .run(held.whileHeld(() -> operation.run(context)), heldWork, held.confinement(), "conveyor-operation-" + request.jobId());
        String source = call.fileName() == null ? request.source() : Path.of(call.fileName()).getFileName().toString();
        FolderTemplate.Values values = new FolderTemplate.Values(ZonedDateTime.now(), request.jobId(), endpoint.name(), source, RANDOM);
        return OutputPlacer.place(outputs, outputMappings, staged, values, held.below(run.output()), heldWork);
    }

    /**
     * The call's work folder, empty. A kept stage folder brings the attempt's (SpareStageFolders);
     * making one that is there costs an exception. Either way it is empty: a prepared attempt's was
     * checked when it was taken (StageFolder.startAttempt), a made one is new. A call's own folder
     * below it, where a job runs once per matching file, is always made: a link a dropper put in its
     * place while an earlier call ran would have the operation write through it, and making it
     * fails the attempt instead. Nothing is looked at through a link.
     */
    private static Path newWorkFolder(AttemptFolder run, Path work) throws IOException {
        Path attemptWork = Files.isDirectory(run.work(), LinkOption.NOFOLLOW_LINKS) ? run.work() : Files.createDirectory(run.work());
        return work.equals(attemptWork) ? attemptWork : Files.createDirectory(work);
    }
}
