package dev.conveyor.stack;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One real stack for every black-box test class of the run: started (from an empty var/) before
 * the first class, stopped after the last. Starting it costs half a minute; sharing it keeps the
 * test run short.
 */
public final class SharedStack implements BeforeAllCallback {

    public static final String PASSWORD = "stack-test-password";

    private static Stack stack;

    private record Running(Stack stack) implements ExtensionContext.Store.CloseableResource {
        @Override
        public void close() {
            stack.close();
        }
    }

    public static Stack stack() {
        return stack;
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL).getOrComputeIfAbsent(SharedStack.class, key -> {
            Stack built = Stack.fromBuild(PASSWORD);
            Stack created = built.with(Map.of("CONVEYOR_PRODUCER_FOLDERS", built.producerFolder().toString(),
                    "CONVEYOR_PURGE_CRON", PurgeTimerStackIT.EVERY_20_SECONDS));
            deleteTree(created.var());
            stack = created.installOperation(exampleOperation()).start();
            return new Running(stack);
        }, Running.class);
    }

    static Path exampleOperation() {
        return Path.of(System.getProperty("conveyor.example.operation", "../../examples/uppercase-operation/target/uppercase-operation.jar"));
    }

    static void deleteTree(Path root) {
        if (Files.notExists(root)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path path : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot clear " + root, e);
        }
    }
}
