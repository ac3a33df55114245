package dev.conveyor.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.endpoint.Endpoint;
import dev.conveyor.endpoint.EndpointSettings;
import dev.conveyor.endpoint.InputMapping;
import dev.conveyor.endpoint.SettingValues;
import dev.conveyor.files.UnsafeFolderException;
import dev.conveyor.operation.CopyOperation;
import dev.conveyor.operation.Document;
import dev.conveyor.operation.Operation;
import dev.conveyor.operation.OperationContext;
import dev.conveyor.operation.Parameter;
import dev.conveyor.operation.ParameterType;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a job's run does when someone who may write into the watched folder swaps an entry of the
 * job's stage folder after the claim, while the job waits or runs: nothing outside the allowed
 * roots is read or written, and the job fails with a reason instead.
 */
class SwappedStageEntriesTest {

    @TempDir
    Path root;

    /** A folder outside the allowed root. */
    @TempDir
    Path outside;

    private StagedJob job;
    private Path watched;
    private StageFolder stage;

    @BeforeEach
    void setUp() throws IOException {
        job = StagedJob.below(root);
        watched = job.watched();
        stage = job.stage();
    }

    @Test
    void aLinkInPlaceOfTheStagedSourceIsNotReadAndFailsTheJob() throws Exception {
        Path secret = Files.writeString(outside.resolve("secret.txt"), "not for the result folder");
        Files.createSymbolicLink(stage.input("scan.txt"), secret);

        Outcome outcome = run(new CopyOperation(), SettingValues.EMPTY.with(EndpointSettings.OPERATION_NAME, "copy"), "scan.txt");

        assertFalse(outcome.succeeded());
        assertFalse(outcome.retriable(), "another attempt would find the same link");
        assertTrue(outcome.reason().contains("symbolic link"), outcome.reason());
        assertEquals(List.of(), filesHolding("not for the result folder"), "no copy of the link's target anywhere in the roots");
    }

    @Test
    void aPipeInPlaceOfTheStagedSourceFailsTheJobInsteadOfHoldingTheWorker() throws Exception {
        Process mkfifo = new ProcessBuilder("mkfifo", stage.input("scan.txt").toString()).start();
        assertEquals(0, mkfifo.waitFor());

        Outcome outcome = assertTimeoutPreemptively(Duration.ofSeconds(10),
                () -> run(new CopyOperation(), SettingValues.EMPTY.with(EndpointSettings.OPERATION_NAME, "copy"), "scan.txt"));

        assertFalse(outcome.succeeded());
        assertTrue(outcome.reason().contains("not a regular file"), outcome.reason());
    }

    @Test
    void aLinkInPlaceOfTheInputFolderIsRefusedBeforeAnythingIsRead() throws Exception {
        Files.writeString(outside.resolve("scan.txt"), "outside");
        Path input = stage.input("scan.txt").getParent();
        Files.delete(input);
        Files.createSymbolicLink(input, outside);

        UnsafeFolderException refused = assertThrows(UnsafeFolderException.class,
                () -> run(new CopyOperation(), SettingValues.EMPTY.with(EndpointSettings.OPERATION_NAME, "copy"), "scan.txt"));

        assertTrue(refused.getMessage().startsWith("CNV-8001-E"), refused.getMessage());
        assertEquals(List.of(), filesHolding("outside"));
    }

    @Test
    void aLinkPutInPlaceOfTheNextCallsFolderWhileACallRunsIsNotWrittenThrough() throws Exception {
        SettingValues perFile = twoFileJobCalledPerFile("swapping");

        FileAlreadyExistsException refused = assertThrows(FileAlreadyExistsException.class,
                () -> run(new SwappingNextCallsFolder(outside), perFile, "batch"));

        assertTrue(refused.getMessage().endsWith("/work/2"), "the first call ran, the second's folder was refused: " + refused.getMessage());

        try (Stream<Path> written = Files.list(outside)) {
            assertEquals(List.of(), written.toList(), "the second call wrote nothing outside the roots");
        }
    }

    @Test
    void aStageFolderSwappedForALinkWhileTheOperationRunsIsNeitherReadNorWrittenThroughAndBlocks() throws Exception {
        Files.writeString(stage.input("scan.txt"), "the dropped file");
        // Where the link points: a copy of the job's folder with another source, for the operation to read and write in.
        Path planted = Files.createDirectories(outside.resolve("job-1/in"));
        Files.writeString(planted.resolve("scan.txt"), "planted outside");
        Path away = watched.resolve("stage-away");

        UnsafeFolderException refused = assertThrows(UnsafeFolderException.class, () -> run(swappingStage(
                watched.resolve(Endpoint.STAGE_FOLDER), away, outside), SettingValues.EMPTY.with(EndpointSettings.OPERATION_NAME,
                "swapping-stage"), "scan.txt"));

        assertTrue(refused.getMessage().startsWith("CNV-8003-E " + stage.jobFolder() + " is not the folder Conveyor expects there"
                + " (the folder the job's operation ran in is no longer there"), refused.getMessage());
        assertEquals("the dropped file", Files.readString(away.resolve("job-1/1/work/scan.txt")),
                "the operation read the staged source and wrote into its own attempt folder, wherever it was moved");
        try (Stream<Path> written = Files.walk(outside)) {
            assertEquals(List.of(outside, outside.resolve("job-1"), planted, planted.resolve("scan.txt")), written.sorted().toList(),
                    "nothing was written where the link points");
        }
    }

    @Test
    void aFileOfADroppedJobFolderSwappedForALinkWhileTheOperationRunsIsNotRead() throws Exception {
        Path secret = Files.writeString(outside.resolve("secret.txt"), "not for the result folder");
        Files.writeString(Files.createDirectories(stage.input("batch")).resolve("a.txt"), "a");

        IOException refused = assertThrows(IOException.class, () -> run(swappingInput(secret),
                SettingValues.EMPTY.with(EndpointSettings.OPERATION_NAME, "swapping-input"), "batch"));

        assertTrue(refused.getMessage().startsWith(stage.input("batch").resolve("a.txt") + " was not read"), refused.getMessage());
        assertEquals(List.of(), filesHolding("not for the result folder"), "no copy of the link's target anywhere in the roots");
    }

    @Test
    void aJobFolderRunOncePerMatchingFileRunsEachCallInAFolderOfItsOwn() throws Exception {
        SettingValues perFile = twoFileJobCalledPerFile("copy");

        assertTrue(run(new CopyOperation(), perFile, "batch").succeeded());

        assertEquals(2, stage.attempt(1).resultUnits().size());
    }

    /** Stages the job folder {@code batch} with a.txt and b.txt; the settings call {@code operation} once for each. */
    private SettingValues twoFileJobCalledPerFile(String operation) throws IOException {
        Path job = Files.createDirectories(stage.input("batch"));
        Files.writeString(job.resolve("a.txt"), "a");
        Files.writeString(job.resolve("b.txt"), "b");
        return SettingValues.EMPTY.with(EndpointSettings.OPERATION_NAME, operation)
                .with(EndpointSettings.INPUT_PARAMETER_MAPPINGS, Map.of(Operation.INPUT, new InputMapping(InputMapping.Kind.VARIABLE, "*.txt")));
    }

    /** Writes its output, and on its first call puts a link to {@code target} where the second call's folder will be. */
    private record SwappingNextCallsFolder(Path target) implements Operation {

        @Override
        public String name() {
            return "swapping";
        }

        @Override
        public String description() {
            return "swaps the next call's folder for a link";
        }

        @Override
        public List<Parameter> inputs() {
            return List.of(Parameter.required(INPUT, ParameterType.DOCUMENT, "a file"));
        }

        @Override
        public List<Parameter> outputs() {
            return List.of(Parameter.output(OUTPUT, ParameterType.DOCUMENT, "a copy"));
        }

        @Override
        public Map<String, Object> run(OperationContext context) throws Exception {
            Document output = context.newDocument("out.txt");
            Files.writeString(output.path(), "written");
            Path nextCallsFolder = output.path().getParent().resolveSibling("2");
            if (!Files.exists(nextCallsFolder)) {
                Files.createSymbolicLink(nextCallsFolder, target);
            }
            return Map.of(OUTPUT, output);
        }
    }

    /** Something a dropper does to the job's files while its operation runs. */
    private interface Swap {
        void make(OperationContext context) throws IOException;
    }

    /** Makes its swap, then copies its input as the copy operation does, by the paths it was given. */
    private record CopyingAfter(String name, Swap swap) implements Operation {

        @Override
        public String description() {
            return "swaps something, then copies";
        }

        @Override
        public List<Parameter> inputs() {
            return new CopyOperation().inputs();
        }

        @Override
        public List<Parameter> outputs() {
            return new CopyOperation().outputs();
        }

        @Override
        public Map<String, Object> run(OperationContext context) throws Exception {
            swap.make(context);
            return new CopyOperation().run(context);
        }
    }

    /** Renames the stage folder {@code stage} to {@code away} and puts a link to {@code target} in its place, as a dropper who may rename in the watched folder can. */
    private static Operation swappingStage(Path stage, Path away, Path target) {
        return new CopyingAfter("swapping-stage", context -> {
            Files.move(stage, away);
            Files.createSymbolicLink(stage, target);
        });
    }

    /** Swaps its input for a link to {@code secret}, as the dropper of a job folder, who owns it, still can after the claim. */
    private static Operation swappingInput(Path secret) {
        return new CopyingAfter("swapping-input", context -> {
            Path input = context.document(Operation.INPUT).path();
            Files.delete(input);
            Files.createSymbolicLink(input, secret);
        });
    }

    private Outcome run(Operation operation, SettingValues settings, String source) throws Exception {
        return job.run(operation, settings, source);
    }

    /** The regular files below the root that hold {@code text}. */
    private List<Path> filesHolding(String text) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(file -> Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)).filter(file -> {
                try {
                    return Files.readString(file).equals(text);
                } catch (IOException unreadable) {
                    return false;
                }
            }).toList();
        }
    }
}
