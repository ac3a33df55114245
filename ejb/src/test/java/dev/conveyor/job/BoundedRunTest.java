package dev.conveyor.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.endpoint.EndpointSettings;
import dev.conveyor.endpoint.SettingValues;
import dev.conveyor.operation.CopyOperation;
import dev.conveyor.operation.OperationContext;
import dev.conveyor.operation.OperationLimits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run of an operation bounded by its inputs (copy): on the worker's own thread, its output
 * limit given to it to judge its input by before it writes.
 */
class BoundedRunTest {

    @TempDir
    Path root;

    private StagedJob job;

    @BeforeEach
    void setUp() throws IOException {
        job = StagedJob.below(root);
    }

    @Test
    void aCopyRunsOnTheWorkersThread() throws Exception {
        assertEquals(Thread.currentThread(), threadCopyRanOn(SettingValues.EMPTY.with(EndpointSettings.OPERATION_NAME, "copy")));
        assertEquals("the dropped file", Files.readString(job.stage().attempt(1).output().resolve("scan.txt")));
    }

    @Test
    void aCopyWithATimeLimitButNoOutputLimitRunsOnAWatchedThread() throws Exception {
        // Without an output limit, a sparse input of any size would be copied whole before the time limit is judged.
        assertNotEquals(Thread.currentThread(), threadCopyRanOn(SettingValues.EMPTY.with(EndpointSettings.OPERATION_NAME, "copy")
                .with(EndpointSettings.OPERATION_OUTPUT_LIMIT, 0)));
    }

    /** The thread a copy of a staged scan.txt ran on, with the endpoint's {@code settings}; it must succeed. */
    private Thread threadCopyRanOn(SettingValues settings) throws Exception {
        Files.writeString(job.stage().input("scan.txt"), "the dropped file");
        Thread[] ranOn = {null};
        CopyOperation copy = new CopyOperation() {
            @Override
            public Map<String, Object> run(OperationContext context) throws Exception {
                ranOn[0] = Thread.currentThread();
                return super.run(context);
            }
        };
        assertTrue(run(copy, settings).succeeded());
        return ranOn[0];
    }

    @Test
    void aCopyOfAnInputLargerThanTheOutputLimitWritesNothing() throws Exception {
        Files.write(job.stage().input("scan.bin"), new byte[(1 << 20) + 1]);
        SettingValues settings = SettingValues.EMPTY.with(EndpointSettings.OPERATION_NAME, "copy")
                .with(EndpointSettings.OPERATION_OUTPUT_LIMIT, 1);

        OperationLimits.Exceeded exceeded = assertThrows(OperationLimits.Exceeded.class, () -> run(new CopyOperation(), settings, "scan.bin"));

        assertTrue(exceeded.getMessage().startsWith("the input 'scan.bin' holds 1048577 bytes and it writes as much, more than the "
                + "endpoint's operationOutputLimit of 1 MiB; nothing of it was written"), exceeded.getMessage());
        try (Stream<Path> written = Files.list(job.stage().attempt(1).work())) {
            assertEquals(List.of(), written.toList(), "nothing was copied");
        }
    }

    private Outcome run(CopyOperation operation, SettingValues settings) throws Exception {
        return run(operation, settings, "scan.txt");
    }

    private Outcome run(CopyOperation operation, SettingValues settings, String source) throws Exception {
        return job.run(operation, settings, source);
    }
}
