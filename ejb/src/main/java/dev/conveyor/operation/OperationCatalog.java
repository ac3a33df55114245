package dev.conveyor.operation;

import dev.conveyor.common.ConveyorHome;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Every operation an endpoint can name, by name: the CDI beans of the application (the built-ins
 * and any bundled into the WAR) and those of the jars in var/operations.
 */
@ApplicationScoped
public class OperationCatalog {

    private Map<String, Operation> byName;

    protected OperationCatalog() {
    }

    @Inject
    public OperationCatalog(@Any Instance<Operation> operations) {
        this(Stream.concat(operations.stream(), OperationJars.load(ConveyorHome.varDirectory().resolve("operations")).stream())
                .toList());
    }

    public OperationCatalog(Collection<Operation> operations) {
        Map<String, Operation> map = new TreeMap<>();
        for (Operation operation : operations) {
            if (map.put(operation.name(), operation) != null) {
                throw new IllegalStateException("two operations are named '" + operation.name() + "'");
            }
        }
        this.byName = Map.copyOf(map);
    }

    public Optional<Operation> find(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    public Collection<Operation> all() {
        return new TreeMap<>(byName).values();
    }
}
