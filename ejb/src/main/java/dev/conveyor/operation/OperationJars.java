package dev.conveyor.operation;

import dev.conveyor.common.MessageId;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.logging.Logger;
import java.util.stream.Stream;

/**
 * Operations an administrator adds by dropping a jar into var/operations: each jar names its
 * operations in {@code META-INF/services/dev.conveyor.operation.Operation} (Java's service
 * loader). They are read at start-up; a jar that cannot be read is reported and skipped.
 */
public final class OperationJars {

    private static final Logger LOG = Logger.getLogger(OperationJars.class.getName());

    private OperationJars() {
    }

    public static List<Operation> load(Path folder) {
        List<URL> jars = new ArrayList<>();
        if (Files.isDirectory(folder)) {
            try (Stream<Path> files = Files.list(folder)) {
                for (Path jar : files.filter(f -> f.getFileName().toString().endsWith(".jar")).sorted().toList()) {
                    jars.add(jar.toUri().toURL());
                }
            } catch (IOException e) {
                LOG.warning(MessageId.OPERATION_JAR_SKIPPED.format(folder, e));
                return List.of();
            }
        }
        if (jars.isEmpty()) {
            return List.of();
        }
        ClassLoader loader = new URLClassLoader(jars.toArray(URL[]::new), Operation.class.getClassLoader());
        List<Operation> operations = new ArrayList<>();
        Iterator<Operation> found = ServiceLoader.load(Operation.class, loader).iterator();
        while (true) {
            try {
                if (!found.hasNext()) {
                    return operations;
                }
                operations.add(found.next());
            } catch (ServiceConfigurationError e) {
                LOG.warning(MessageId.OPERATION_JAR_SKIPPED.format(folder, e.getMessage()));
            }
        }
    }
}
