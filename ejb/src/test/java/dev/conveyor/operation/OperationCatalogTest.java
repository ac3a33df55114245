package dev.conveyor.operation;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.enterprise.context.ApplicationScoped;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The built-in operations, found the way CDI finds them, all following the conventions endpoints rely on. */
class OperationCatalogTest {

    private static List<Operation> builtIns;

    /** Every concrete Operation compiled into this package, so that a new built-in is checked without listing it here. */
    @BeforeAll
    static void findBuiltIns() throws Exception {
        Path classes = Path.of(Operation.class.getResource("Operation.class").toURI()).getParent();
        try (Stream<Path> files = Files.list(classes)) {
            builtIns = files.map(file -> file.getFileName().toString())
                    .filter(name -> name.endsWith(".class") && !name.contains("$"))
                    .map(name -> load(Operation.class.getPackageName() + "." + name.substring(0, name.length() - ".class".length())))
                    .filter(type -> Operation.class.isAssignableFrom(type) && !type.isInterface() && !Modifier.isAbstract(type.getModifiers()))
                    .map(OperationCatalogTest::instantiate)
                    .toList();
        }
    }

    private static Class<?> load(String className) {
        try {
            return Class.forName(className);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Operation instantiate(Class<?> type) {
        assertTrue(type.isAnnotationPresent(ApplicationScoped.class), type.getSimpleName() + " must be @ApplicationScoped for CDI to find it");
        try {
            return (Operation) type.getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(type.getSimpleName() + " needs a non-private no-argument constructor for CDI", e);
        }
    }

    @Test
    void theBuiltInsAreExactlyThese() {
        Set<String> names = builtIns.stream().map(Operation::name).collect(Collectors.toCollection(TreeSet::new));

        assertEquals(new TreeSet<>(Set.of("archive.unzip", "archive.zip", "copy", "digest", "image.convert", "pdf.extractText",
                "pdf.merge", "pdf.split", "xml.transform")), names);
    }

    @Test
    void namesAreUniqueSoTheCatalogueAcceptsThemAll() {
        assertEquals(builtIns.size(), builtIns.stream().map(Operation::name).distinct().count());
        OperationCatalog catalog = assertDoesNotThrow(() -> new OperationCatalog(builtIns));
        assertEquals(builtIns.size(), catalog.all().size());
    }

    @Test
    void eachTakesARequiredDocumentInputNamedInput() {
        for (Operation operation : builtIns) {
            Optional<Parameter> input = operation.inputs().stream().filter(p -> p.name().equals(Operation.INPUT)).findFirst();
            assertTrue(input.isPresent(), operation.name() + " has no input named " + Operation.INPUT);
            assertTrue(input.get().required() && input.get().type().isDocuments(), operation.name() + "'s input: " + input.get());
        }
    }

    @Test
    void eachGivesAnOutputNamedOutputAndOnlyDocuments() {
        for (Operation operation : builtIns) {
            assertTrue(operation.outputs().stream().anyMatch(p -> p.name().equals(Operation.OUTPUT)),
                    operation.name() + " has no output named " + Operation.OUTPUT);
            for (Parameter output : operation.outputs()) {
                assertTrue(output.type().isDocuments(), operation.name() + "'s output " + output.name() + " is " + output.type());
            }
        }
    }

    @Test
    void optionalInputsHaveADefaultOfTheirTypeAndRequiredOnesNone() {
        for (Operation operation : builtIns) {
            for (Parameter input : operation.inputs()) {
                String where = operation.name() + "'s input " + input.name();
                if (input.required()) {
                    assertNull(input.defaultValue(), where);
                } else if (input.defaultValue() != null) {
                    assertDoesNotThrow(() -> input.type().fromLiteral(input.defaultValue()), where);
                }
            }
        }
    }

    @Test
    void everyOperationDescribesItselfAndItsParameters() {
        for (Operation operation : builtIns) {
            assertFalse(operation.description().isBlank(), operation.name());
            Stream.concat(operation.inputs().stream(), operation.outputs().stream())
                    .forEach(p -> assertFalse(p.description().isBlank(), operation.name() + "'s " + p.name()));
        }
    }
}
