package dev.conveyor.endpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class FolderOverlapTest {

    private static final Path VAR = Path.of("/srv/conveyor/var");
    private static final Map<String, Path> OTHERS = Map.of("invoices", Path.of("/srv/roots/invoices"));

    @Test
    void foldersSideBySideDoNotOverlap() {
        assertEquals(Optional.empty(), FolderOverlap.of(Path.of("/srv/roots/scans"), OTHERS, VAR));
        assertEquals(Optional.empty(), FolderOverlap.of(Path.of("/srv/roots/invoices-2"), OTHERS, VAR), "a shared prefix is no overlap");
    }

    @Test
    void aFolderInsideAnotherEndpointsFolderOverlapsIt() {
        assertEquals(Optional.of("folder /srv/roots/invoices of endpoint 'invoices'"),
                FolderOverlap.of(Path.of("/srv/roots/invoices/result"), OTHERS, VAR));
    }

    @Test
    void aFolderAroundAnotherEndpointsFolderOverlapsIt() {
        assertEquals(Optional.of("folder /srv/roots/invoices of endpoint 'invoices'"), FolderOverlap.of(Path.of("/srv/roots"), OTHERS, VAR));
    }

    @Test
    void theDataFolderIsOffLimitsExceptItsDropArea() {
        assertEquals(Optional.of("Conveyor's data folder /srv/conveyor/var"), FolderOverlap.of(Path.of("/srv/conveyor"), Map.of(), VAR));
        assertEquals(Optional.of("Conveyor's data folder /srv/conveyor/var"), FolderOverlap.of(VAR.resolve("broker"), Map.of(), VAR));
        assertEquals(Optional.empty(), FolderOverlap.of(VAR.resolve("folders/pages"), Map.of(), VAR));
    }
}
