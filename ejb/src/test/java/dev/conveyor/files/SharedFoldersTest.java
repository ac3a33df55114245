package dev.conveyor.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.files.SharedFolders.Place;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SharedFoldersTest {

    private static final String ME = "conveyor";

    @TempDir
    Path root;

    private Path watched;
    private Path stage;

    @BeforeEach
    void folders() throws IOException {
        watched = Files.createDirectories(root.resolve("drop/in"));
        stage = Files.createDirectory(watched.resolve("stage"));
        for (Path folder : List.of(root, root.resolve("drop"), watched, stage)) {
            chmod(folder, 0755);
        }
    }

    private static void chmod(Path folder, int mode) throws IOException {
        Files.setAttribute(folder, "unix:mode", mode);
    }

    private List<SharedFolders.Finding> findings() throws IOException {
        return SharedFolders.of(new Confinement(List.of(root)), stage, ME);
    }

    @Test
    void foldersOnlyTheirOwnerMayWriteIntoAreFine() throws IOException {
        assertEquals(List.of(), findings());
    }

    @Test
    void aWatchedFolderOthersMayWriteIntoWithoutTheStickyBitIsNamedWithItsMode() throws IOException {
        chmod(watched, 0777);
        List<SharedFolders.Finding> findings = findings();
        assertEquals(1, findings.size(), findings.toString());
        assertEquals(watched, findings.get(0).folder());
        assertEquals("0777", findings.get(0).octalMode());
        assertTrue(findings.get(0).risk().contains("swap the stage or result folder below it for a link"), findings.get(0).risk());
        assertTrue(findings.get(0).risk().contains("chmod +t"), findings.get(0).risk());
    }

    @Test
    void theStickyBitKeepsOthersFromRenamingWhatTheWatchedFolderHolds() throws IOException {
        chmod(watched, 01777);
        String owner = Files.getOwner(watched).getName();
        assertEquals(List.of(), SharedFolders.of(new Confinement(List.of(root)), stage, owner));
    }

    @Test
    void aFolderAboveTheWatchedFolderOthersMayRenameInIsNamedToo() throws IOException {
        chmod(root.resolve("drop"), 0770);
        List<SharedFolders.Finding> findings = findings();
        assertEquals(List.of(root.resolve("drop")), findings.stream().map(SharedFolders.Finding::folder).toList());
        assertTrue(findings.get(0).risk().contains("swap the folder below it, and the watched folder with it, for a link"), findings.get(0).risk());
    }

    @Test
    void aStageFolderOthersMayWriteIntoIsNamedEvenWithTheStickyBit() throws IOException {
        chmod(stage, 01775);
        List<SharedFolders.Finding> findings = findings();
        assertEquals(List.of(stage), findings.stream().map(SharedFolders.Finding::folder).toList());
        assertTrue(findings.get(0).risk().contains("change a job's files"), findings.get(0).risk());
    }

    @Test
    void aRootThatIsALinkCountsAsTheFolderItPointsTo(@TempDir Path elsewhere) throws IOException {
        Path linkedRoot = Files.createSymbolicLink(elsewhere.resolve("share"), root);
        assertEquals(List.of(), SharedFolders.of(new Confinement(List.of(linkedRoot)), linkedRoot.resolve("drop/in/stage"), ME),
                "a link's own mode (0777) says nothing of the folder it points to");
        chmod(root, 0777);
        assertEquals(List.of(linkedRoot), SharedFolders.of(new Confinement(List.of(linkedRoot)), linkedRoot.resolve("drop/in/stage"), ME)
                .stream().map(SharedFolders.Finding::folder).toList());
    }

    @Test
    void aStageFolderNotMadeYetIsNotLookedAt() throws IOException {
        Files.delete(stage);
        chmod(watched, 01777);
        assertEquals(List.of(), SharedFolders.of(new Confinement(List.of(root)), stage, Files.getOwner(watched).getName()));
    }

    @Test
    void aStickyWatchedFolderOwnedBySomeoneElseKeepsConveyorFromTakingOthersFiles() {
        Optional<String> risk = SharedFolders.risk(01777, Place.WATCHED, "alice", ME);
        assertTrue(risk.orElseThrow().contains("owned by alice, not by conveyor"), risk.get());
        assertEquals(Optional.empty(), SharedFolders.risk(01777, Place.WATCHED, "alice", "root"), "root may move any file");
        assertEquals(Optional.empty(), SharedFolders.risk(01777, Place.WATCHED, ME, ME));
        assertEquals(Optional.empty(), SharedFolders.risk(01755, Place.WATCHED, "alice", ME), "only its owner drops files there");
    }
}
