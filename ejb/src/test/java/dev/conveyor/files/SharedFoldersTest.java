package dev.conveyor.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.files.SharedFolders.Ids;
import dev.conveyor.files.SharedFolders.Look;
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

    private static final Ids CONVEYOR = new Ids(1000, 1000);
    private static final Ids ALICE = new Ids(1001, 1001);
    private static final Ids ROOT = new Ids(0, 0);

    @TempDir
    Path root;

    private Path watched;
    private Path stage;
    private Ids me;

    @BeforeEach
    void folders() throws IOException {
        watched = Files.createDirectories(root.resolve("drop/in"));
        stage = Files.createDirectory(watched.resolve("stage"));
        for (Path folder : List.of(root, root.resolve("drop"), watched, stage)) {
            chmod(folder, 0755);
        }
        me = Ids.ofThisProcess().orElseThrow();
    }

    private static void chmod(Path folder, int mode) throws IOException {
        Files.setAttribute(folder, "unix:mode", mode);
    }

    private List<SharedFolders.Finding> findings() throws IOException {
        return SharedFolders.of(new Confinement(List.of(root)), stage, me);
    }

    private static List<Path> folders(List<SharedFolders.Finding> findings) {
        return findings.stream().map(SharedFolders.Finding::folder).toList();
    }

    private static Optional<String> risk(int mode, Place place, Ids owner, Ids conveyor) {
        return SharedFolders.risk(new Look(mode, owner, "user" + owner.uid()), place, false, conveyor);
    }

    @Test
    void thisProcessIsTheOwnerOfWhatItMakes() throws IOException {
        assertEquals(me.uid(), (Integer) Files.getAttribute(stage, "unix:uid"));
    }

    @Test
    void foldersOnlyTheirOwnerMayWriteIntoAreFine() throws IOException {
        assertEquals(List.of(), findings());
    }

    @Test
    void aWatchedFolderOthersMayWriteIntoWithoutTheStickyBitIsNamedWithItsMode() throws IOException {
        chmod(watched, 0777);
        List<SharedFolders.Finding> findings = findings();
        assertEquals(List.of(watched), folders(findings));
        assertEquals("0777", findings.get(0).octalMode());
        assertTrue(findings.get(0).risk().contains("swap the stage or result folder below it for a link"), findings.get(0).risk());
        assertTrue(findings.get(0).risk().contains("chmod +t"), findings.get(0).risk());
    }

    @Test
    void theStickyBitKeepsOthersFromRenamingWhatTheWatchedFolderHolds() throws IOException {
        chmod(watched, 01777);
        assertEquals(List.of(), findings());
    }

    @Test
    void aFolderAboveTheWatchedFolderOthersMayRenameInIsNamedToo() throws IOException {
        chmod(root.resolve("drop"), 0770);
        List<SharedFolders.Finding> findings = findings();
        assertEquals(List.of(root.resolve("drop")), folders(findings));
        assertTrue(findings.get(0).risk().contains("swap the folder below it, and the watched folder with it, for a link"),
                findings.get(0).risk());
    }

    @Test
    void aWatchedFolderThatIsTheRootIsJudgedAsTheWatchedFolder() throws IOException {
        Path stageInRoot = Files.createDirectory(root.resolve("stage"));
        chmod(stageInRoot, 0755);
        chmod(root, 0777);
        List<SharedFolders.Finding> findings = SharedFolders.of(new Confinement(List.of(root)), stageInRoot, me);
        assertEquals(List.of(root), folders(findings));
        assertTrue(findings.get(0).risk().contains("the stage or result folder below it"), findings.get(0).risk());
    }

    @Test
    void aStageFolderOthersMayWriteIntoIsNamedEvenWithTheStickyBit() throws IOException {
        chmod(stage, 01777);
        List<SharedFolders.Finding> findings = findings();
        assertEquals(List.of(stage), folders(findings));
        assertTrue(findings.get(0).risk().contains("change a job's files"), findings.get(0).risk());
    }

    @Test
    void aStageFolderWritableOnlyByConveyorsOwnPrimaryGroupIsFine() throws IOException {
        chmod(stage, 0775);
        assertEquals(List.of(), findings(), "a umask of 002 with a group of its own per user");
        assertTrue(risk(0775, Place.STAGE, CONVEYOR, CONVEYOR).isEmpty());
        assertTrue(risk(0775, Place.STAGE, new Ids(1000, 100), CONVEYOR).orElseThrow().contains("change a job's files"),
                "a group others are in, as a set-group-id watched folder passes on");
        assertTrue(risk(0775, Place.WATCHED, CONVEYOR, CONVEYOR).orElseThrow().contains("chmod +t"),
                "droppers of the same group may rename in a watched folder");
    }

    @Test
    void aRootThatIsALinkCountsAsTheFolderItPointsTo(@TempDir Path elsewhere) throws IOException {
        Path linkedRoot = Files.createSymbolicLink(elsewhere.resolve("share"), root);
        assertEquals(List.of(), SharedFolders.of(new Confinement(List.of(linkedRoot)), linkedRoot.resolve("drop/in/stage"), me),
                "a link's own mode (0777) says nothing of the folder it points to");
        chmod(root, 0777);
        assertEquals(List.of(linkedRoot),
                folders(SharedFolders.of(new Confinement(List.of(linkedRoot)), linkedRoot.resolve("drop/in/stage"), me)));
    }

    @Test
    void aStageFolderNotMadeYetIsNotLookedAt() throws IOException {
        Files.delete(stage);
        chmod(watched, 01777);
        assertEquals(List.of(), findings());
    }

    @Test
    void aFolderOwnedByAnotherUserIsNamedWhateverItsMode() {
        assertTrue(risk(0755, Place.WATCHED, ALICE, CONVEYOR).orElseThrow().contains("owned by user1001, neither root nor"));
        assertTrue(risk(01777, Place.ABOVE, ALICE, ROOT).orElseThrow().contains("owned by user1001"), "Conveyor as root too");
        assertTrue(risk(0700, Place.STAGE, ALICE, ROOT).orElseThrow().contains("this stage folder is owned by user1001"));
        assertEquals(Optional.empty(), risk(0755, Place.ABOVE, ROOT, CONVEYOR), "root's folders are the system's");
        assertEquals(Optional.empty(), SharedFolders.risk(new Look(0755, ALICE, "alice"), Place.ABOVE, true, CONVEYOR),
                "the root's owner is the administrator's choice");
    }

    @Test
    void aStickyWatchedFolderOwnedByRootKeepsConveyorFromTakingOthersFiles() {
        assertTrue(risk(01777, Place.WATCHED, ROOT, CONVEYOR).orElseThrow().contains("Conveyor may not move the files"));
        assertEquals(Optional.empty(), risk(01777, Place.WATCHED, ROOT, ROOT), "root may move any file");
        assertEquals(Optional.empty(), risk(01777, Place.WATCHED, CONVEYOR, CONVEYOR));
        assertEquals(Optional.empty(), risk(01755, Place.WATCHED, ROOT, CONVEYOR), "only its owner drops files there");
    }
}
