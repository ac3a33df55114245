package dev.conveyor.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Black-box: the logs' rotation by size, on a stack of its own (the shared stack's ports + 6, its
 * own var/) whose logs are set aside at 4 KiB with 2 old files kept (CONVEYOR_LOG_FILE_BYTES,
 * CONVEYOR_LOG_OLD_FILES). Payara Micro's start writes far more than that, and the broker is
 * started four times: each log is then its current file and exactly two older ones, every file set
 * aside was full, payara.log still names the file being written, and the last start is in it.
 */
class LogRotationStackIT {

    private static final String PASSWORD = "log-rotation-password";
    private static final int LIMIT = 4096;
    /** What one record past the limit may add before the handler sets the file aside: a stack trace at most. */
    private static final int ONE_RECORD = 64 * 1024;

    @Test
    void eachLogKeepsItsCurrentFileAndTheConfiguredOldOnesEachFull() throws Exception {
        Stack base = Stack.fromBuild(PASSWORD);
        Path var = base.var().resolveSibling("log-rotation-var");
        SharedStack.deleteTree(var);
        Path logs = var.resolve("logs");
        try (Stack stack = new Stack(base.top(), var, PASSWORD).onPortsAbove(6)
                .with(Map.of("CONVEYOR_LOG_FILE_BYTES", Integer.toString(LIMIT), "CONVEYOR_LOG_OLD_FILES", "2")).start()) {
            for (int restart = 1; restart <= 3; restart++) {
                stack.restartBroker();
            }
            assertEquals(200, stack.api().get("endpoints").status(), "the stack answers after its logs turned over many times");

            assertEquals(List.of("payara.log.0", "payara.log.1", "payara.log.2"), files(logs, "payara.log."));
            assertEquals(Path.of("payara.log.0"), Files.readSymbolicLink(logs.resolve("payara.log")));
            assertFull(logs.resolve("payara.log.1"));
            assertFull(logs.resolve("payara.log.2"));
            assertTrue(Files.size(logs.resolve("payara.log.0")) < LIMIT + ONE_RECORD, "the file being written");

            assertEquals(List.of("broker.log.1", "broker.log.2"), files(logs, "broker.log."));
            assertTrue(Files.size(logs.resolve("broker.log")) < LIMIT + ONE_RECORD, "the broker's file being written");
            assertTrue(Files.readString(logs.resolve("broker.log")).contains("AMQ221007")
                    || Files.readString(logs.resolve("broker.log.1")).contains("AMQ221007"), "the broker's last start is in its newest files");
        }
    }

    /** The log files whose names start with {@code prefix} followed by a number, in order. */
    private static List<String> files(Path logs, String prefix) throws IOException {
        try (Stream<Path> listed = Files.list(logs)) {
            return listed.map(file -> file.getFileName().toString())
                    .filter(name -> name.startsWith(prefix) && name.substring(prefix.length()).matches("[0-9]+")).sorted().toList();
        }
    }

    private static void assertFull(Path setAside) throws IOException {
        long size = Files.size(setAside);
        assertTrue(size >= LIMIT && size < LIMIT + ONE_RECORD, setAside + " was set aside full: " + size + " bytes");
    }
}
