package dev.conveyor.operation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.files.Confinement;
import dev.conveyor.files.FileTrees;
import dev.conveyor.files.UnsafeFolderException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OperationLimitsTest {

    @TempDir
    Path folder;

    /** A folder outside the allowed root. */
    @TempDir
    Path outside;

    /** With a time limit alone. */
    private <T> T timed(Callable<T> work, Duration limit, String threadName) throws Exception {
        return new OperationLimits(limit, 0).run(work, folder.resolve("work"), confinement(), threadName);
    }

    /** With an output limit alone, of {@code bytes} in the work folder. */
    private <T> T bounded(Callable<T> work, long bytes) throws Exception {
        return new OperationLimits(Duration.ZERO, bytes).run(work, folder.resolve("work"), confinement(), "test-op");
    }

    private Confinement confinement() {
        return new Confinement(List.of(folder));
    }

    private Path work() throws IOException {
        return Files.createDirectories(folder.resolve("work"));
    }

    @Test
    void aResultWithinTheLimitIsReturned() throws Exception {
        assertEquals("done", timed(() -> "done", Duration.ofSeconds(5), "test-op"));
    }

    @Test
    void theOperationsOwnFailureComesThroughAsItIs() {
        IOException thrown = assertThrows(IOException.class, () -> timed(() -> {
            throw new IOException("bad input");
        }, Duration.ofSeconds(5), "test-op"));
        assertEquals("bad input", thrown.getMessage());
    }

    @Test
    void anOperationPastItsLimitIsAbandonedAndInterrupted() throws Exception {
        CountDownLatch interrupted = new CountDownLatch(1);
        OperationLimits.Exceeded exceeded = assertThrows(OperationLimits.Exceeded.class, () -> timed(() -> {
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                interrupted.countDown();
            }
            return "too late";
        }, Duration.ofMillis(200), "test-op"));
        assertTrue(exceeded.getMessage().contains("operationTimeLimit"), exceeded.getMessage());
        assertTrue(interrupted.await(5, TimeUnit.SECONDS), "the operation's thread was interrupted");
    }

    @Test
    void noLimitRunsOnTheCallersThread() throws Exception {
        Thread caller = Thread.currentThread();
        assertEquals(caller, timed(Thread::currentThread, Duration.ZERO, "test-op"));
    }

    @Test
    void anOperationBoundedByItsInputsRunsOnTheCallersThread() throws Exception {
        OperationLimits limits = new OperationLimits(Duration.ofSeconds(5), 1000);

        assertEquals(Thread.currentThread(), limits.runBoundedByInputs(Thread::currentThread));
    }

    @Test
    void anOperationBoundedByItsInputsThatRanPastTheTimeLimitFailsWhenItEnds() {
        OperationLimits limits = new OperationLimits(Duration.ofMillis(50), 0);

        OperationLimits.Exceeded exceeded = assertThrows(OperationLimits.Exceeded.class, () -> limits.runBoundedByInputs(() -> {
            Thread.sleep(200);
            return "late";
        }));

        assertTrue(exceeded.getMessage().contains("operationTimeLimit"), exceeded.getMessage());
    }

    @Test
    void aContextRefusesInputsLargerThanItsOutputLimitBeforeAnythingIsWritten() throws Exception {
        OperationContext.inNewFolder(Map.of(), work()).limitedTo(1000).requireWithinOutputLimit("the input 'a.bin'", 1000);
        OperationContext context = OperationContext.inNewFolder(Map.of(), work()).limitedTo(1000);
        OperationLimits.Exceeded exceeded = assertThrows(OperationLimits.Exceeded.class,
                () -> context.requireWithinOutputLimit("the input 'a.bin'", 1001));

        assertEquals("the input 'a.bin' holds 1001 bytes and it writes as much, more than the endpoint's operationOutputLimit of "
                + "1000 bytes; nothing of it was written. Raise operationOutputLimit if such inputs are expected", exceeded.getMessage());
        OperationContext.inNewFolder(Map.of(), work()).requireWithinOutputLimit("no limit", Long.MAX_VALUE);
    }

    @Test
    void severalInputsShareTheOutputLimit() throws Exception {
        OperationContext context = OperationContext.inNewFolder(Map.of(), work()).limitedTo(1000);

        context.requireWithinOutputLimit("the input 'a.bin'", 600);
        OperationLimits.Exceeded exceeded = assertThrows(OperationLimits.Exceeded.class,
                () -> context.requireWithinOutputLimit("the input 'b.bin'", 500));

        assertTrue(exceeded.getMessage().startsWith("the input 'b.bin' holds 500 bytes and it writes as much, more than the endpoint's "
                + "operationOutputLimit of 1000 bytes leaves after the inputs before it (400 bytes)"), exceeded.getMessage());
    }

    @Test
    void theOperationRunsUnderTheGivenNameWithTheCallersClassLoader() throws Exception {
        ClassLoader callers = new java.net.URLClassLoader(new java.net.URL[0], getClass().getClassLoader());
        ClassLoader before = Thread.currentThread().getContextClassLoader();
        Thread.currentThread().setContextClassLoader(callers);
        try {
            String seen = timed(() -> Thread.currentThread().getName() + " "
                    + (Thread.currentThread().getContextClassLoader() == callers), Duration.ofSeconds(5), "conveyor-operation-job-1");
            assertEquals("conveyor-operation-job-1 true", seen);
        } finally {
            Thread.currentThread().setContextClassLoader(before);
        }
    }

    @Test
    void outputWithinTheLimitIsKept() throws Exception {
        Path written = bounded(() -> Files.write(work().resolve("out.bin"), new byte[1000]), 1000);

        assertEquals(1000, Files.size(written));
    }

    @Test
    void anOperationThatWritesWithoutEndIsStoppedItsOutputRemoved() throws Exception {
        CountDownLatch stopped = new CountDownLatch(1);
        OperationLimits.Exceeded exceeded = assertThrows(OperationLimits.Exceeded.class, () -> bounded(() -> {
            // Slowly (64 MiB/s at most, a few MiB in all) and heeding the interrupt, as a well-behaved operation does.
            try (OutputStream out = Files.newOutputStream(work().resolve("endless.bin"))) {
                while (true) {
                    out.write(new byte[64 * 1024]);
                    Thread.sleep(1);
                }
            } catch (InterruptedException e) {
                stopped.countDown();
                throw e;
            }
        }, 1L << 20));

        assertEquals("it wrote more than the endpoint's operationOutputLimit of 1 MiB and was stopped; what it wrote was removed, "
                + "and its worker is free again. Raise operationOutputLimit if such output is expected", exceeded.getMessage());
        assertTrue(stopped.await(5, TimeUnit.SECONDS), "the operation's writes were stopped");
        try (Stream<Path> left = Files.list(folder.resolve("work"))) {
            assertEquals(List.of(), left.toList(), "what it wrote was removed");
        }
    }

    @Test
    void outputOverTheLimitIsRefusedEvenWhenTheOperationEndsBeforeAnyLook() throws Exception {
        assertThrows(OperationLimits.Exceeded.class, () -> bounded(() -> Files.write(work().resolve("out.bin"), new byte[1001]), 1000));

        assertEquals(0, FileTrees.bytes(folder.resolve("work")));
    }

    @Test
    void anArchiveThatUnpacksToMoreThanTheLimitIsStoppedCountingEveryEntry() throws Exception {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        entries.put("first.bin", new byte[600]);
        entries.put("second.bin", new byte[400]);
        Document exactlyAtTheLimit = TestZips.write(folder.resolve("at.zip"), entries);
        entries.put("second.bin", new byte[401]);
        Document overTheLimit = TestZips.write(folder.resolve("over.zip"), entries);
        ArchiveUnzipOperation unzip = new ArchiveUnzipOperation();

        OperationLimits limits = new OperationLimits(Duration.ZERO, 1000);

        Path at = folder.resolve("at");
        limits.run(() -> unzip.run(new OperationContext(Map.of(Operation.INPUT, exactlyAtTheLimit), at)), at, confinement(), "test-op");
        assertEquals(1000, FileTrees.bytes(at));
        Path over = folder.resolve("over");
        assertThrows(OperationLimits.Exceeded.class,
                () -> limits.run(() -> unzip.run(new OperationContext(Map.of(Operation.INPUT, overTheLimit), over)), over, confinement(), "test-op"));
        assertEquals(0, FileTrees.bytes(over));
    }

    @Test
    void anInterruptedOperationMakesNoMoreDocuments() throws Exception {
        OperationContext context = new OperationContext(Map.of(), work());
        Thread.currentThread().interrupt();
        try {
            assertThrows(InterruptedIOException.class, () -> context.newDocument("late.txt"));
        } finally {
            Thread.interrupted();
        }
    }

    @Test
    void linksInTheWorkFolderAreNotFollowedWhenMeasuring() throws Exception {
        Path outside = Files.write(folder.resolve("outside.bin"), new byte[5000]);
        Files.createSymbolicLink(work().resolve("link.bin"), outside);
        Files.write(work().resolve("own.bin"), new byte[10]);

        assertEquals(10, FileTrees.bytes(folder.resolve("work")));
    }

    @Test
    void theEndpointsSettingsGiveSecondsAndMebibytes() {
        assertEquals(new OperationLimits(Duration.ofSeconds(600), 1024L << 20), OperationLimits.of(600, 1024));
    }

    @Test
    void whatAnOperationPastItsOutputLimitWroteIsNotRemovedThroughALinkSwappedInForItsFolder() throws IOException {
        Path attempt = Files.createDirectories(folder.resolve("stage/1"));
        Path elsewhere = Files.createDirectories(outside.resolve("1/work"));
        Path kept = Files.writeString(elsewhere.resolve("keep.txt"), "x".repeat(100));
        Files.delete(attempt);
        Files.createSymbolicLink(attempt, outside.resolve("1"));

        assertThrows(UnsafeFolderException.class, () -> new OperationLimits(Duration.ZERO, 10)
                .run(() -> "done", attempt.resolve("work"), confinement(), "test-op"));

        assertEquals("x".repeat(100), Files.readString(kept));
    }
}
