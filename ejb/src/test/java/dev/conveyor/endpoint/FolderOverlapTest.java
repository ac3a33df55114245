package dev.conveyor.endpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class FolderOverlapTest {

    private static final Path VAR = Path.of("/srv/conveyor/var");
    private static final EndpointConfig INVOICES = endpoint("invoices", "/srv/roots/invoices", "result/%Y/");

    private static EndpointConfig endpoint(String name, String folder, String resultFolder) {
        SettingValues settings = SettingValues.EMPTY.with(EndpointSettings.RESULT_FOLDER, resultFolder).over(EndpointSettings.MANUAL_DEFAULTS);
        return new EndpointConfig(name, Path.of(folder), settings, EndpointState.ENABLED);
    }

    private static Optional<FolderOverlap.Found> overlap(String folder, String resultFolder) {
        return FolderOverlap.of(endpoint("new", folder, resultFolder), List.of(INVOICES), VAR);
    }

    @Test
    void foldersSideBySideDoNotOverlap() {
        assertEquals(Optional.empty(), overlap("/srv/roots/scans", "result/"));
        assertEquals(Optional.empty(), overlap("/srv/roots/invoices-2", "result/"), "a shared prefix is no overlap");
    }

    @Test
    void aFolderInsideAnotherEndpointsFolderOverlapsIt() {
        assertEquals(Optional.of(new FolderOverlap.Found(Path.of("/srv/roots/invoices/result"),
                "folder /srv/roots/invoices of endpoint 'invoices'")), overlap("/srv/roots/invoices/result", "result/"));
    }

    @Test
    void aFolderAroundAnotherEndpointsFolderOverlapsIt() {
        assertEquals(Optional.of(new FolderOverlap.Found(Path.of("/srv/roots"), "folder /srv/roots/invoices of endpoint 'invoices'")),
                overlap("/srv/roots", "result/"));
    }

    @Test
    void resultsMayFeedAnotherEndpointButNotItsStageFolder() {
        assertEquals(Optional.empty(), overlap("/srv/roots/scans", "/srv/roots/invoices"), "chaining: results become input");
        assertEquals(Optional.of(new FolderOverlap.Found(Path.of("/srv/roots/invoices/stage/x"),
                "the stage folder /srv/roots/invoices/stage of endpoint 'invoices'")), overlap("/srv/roots/scans", "/srv/roots/invoices/stage/x/%Y"));
    }

    @Test
    void anotherEndpointsOutputInThisStageFolderOverlapsIt() {
        EndpointConfig writer = endpoint("writer", "/srv/roots/writer", "/srv/roots/scans/stage/%Y");
        assertEquals(Optional.of(new FolderOverlap.Found(Path.of("/srv/roots/scans/stage"),
                "output folder /srv/roots/scans/stage of endpoint 'writer'")),
                FolderOverlap.of(endpoint("scans", "/srv/roots/scans", "result/"), List.of(writer), VAR));
    }

    @Test
    void theDataFolderIsOffLimitsExceptItsDropArea() {
        assertEquals(Optional.of(new FolderOverlap.Found(Path.of("/srv/conveyor"), "Conveyor's data folder /srv/conveyor/var")),
                FolderOverlap.of(endpoint("a", "/srv/conveyor", "result/"), List.of(), VAR));
        assertEquals("Conveyor's data folder /srv/conveyor/var",
                FolderOverlap.of(endpoint("a", VAR.resolve("broker").toString(), "result/"), List.of(), VAR).orElseThrow().overlapped());
        assertEquals(Optional.empty(), FolderOverlap.of(endpoint("a", VAR.resolve("folders/pages").toString(), "result/"), List.of(), VAR));
    }
}
