package dev.conveyor.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.common.MessageId;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfinementTest {

    @TempDir
    Path root;

    @TempDir
    Path outside;

    private Confinement confinement() {
        return new Confinement(List.of(root));
    }

    @Test
    void aFolderBelowTheRootPassesEvenBeforeItExists() throws IOException {
        Files.createDirectories(root.resolve("in/stage"));
        assertEquals(root.resolve("in/stage/job"), confinement().check(root.resolve("in/stage/job")));
        assertEquals(root.resolve("not/yet"), confinement().check(root.resolve("not/yet")));
    }

    @Test
    void aCheckRefusesALinkInPlaceOfTheFolderItself() throws IOException {
        Files.createDirectories(root.resolve("in/stage"));
        Files.createSymbolicLink(root.resolve("in/stage/linked"), outside);
        assertThrows(UnsafeFolderException.class, () -> confinement().check(root.resolve("in/stage/linked")));
    }

    @Test
    void aFolderOutsideEveryRootIsRefused() {
        UnsafeFolderException refused = assertThrows(UnsafeFolderException.class, () -> confinement().check(outside.resolve("x")));
        assertEquals(MessageId.FOLDER_OUTSIDE_ROOTS, refused.id());
        assertThrows(UnsafeFolderException.class, () -> confinement().check(root.resolve("in/../../elsewhere")));
    }

    @Test
    void theRootItselfIsNoFolderToWorkIn() {
        assertThrows(UnsafeFolderException.class, () -> confinement().check(root));
    }

    @Test
    void aLinkInPlaceOfAFolderIsRefusedAndNamed() throws IOException {
        Path watched = Files.createDirectories(root.resolve("in"));
        Path stage = Files.createSymbolicLink(watched.resolve("stage"), outside);
        UnsafeFolderException refused = assertThrows(UnsafeFolderException.class, () -> confinement().check(stage.resolve("job")));
        assertEquals(MessageId.FOLDER_IS_LINK, refused.id());
        assertEquals(stage, refused.path());
        assertTrue(refused.getMessage().startsWith("CNV-8001-E " + stage + " is a symbolic link (to " + outside + ")"),
                refused.getMessage());
    }

    @Test
    void aLinkThatStaysInsideTheRootsIsRefusedAsWell() throws IOException {
        Path real = Files.createDirectories(root.resolve("real"));
        Path link = Files.createSymbolicLink(root.resolve("in"), real);
        assertThrows(UnsafeFolderException.class, () -> confinement().check(link.resolve("result")));
    }

    @Test
    void aDanglingLinkIsRefused() throws IOException {
        Path link = Files.createSymbolicLink(root.resolve("in"), outside.resolve("gone"));
        assertThrows(UnsafeFolderException.class, () -> confinement().ensure(link.resolve("result")));
        assertFalse(Files.exists(outside.resolve("gone")), "nothing was created through the link");
    }

    @Test
    void aFileWhereAFolderShouldBeIsRefused() throws IOException {
        Files.writeString(root.resolve("in"), "a file");
        UnsafeFolderException refused = assertThrows(UnsafeFolderException.class, () -> confinement().check(root.resolve("in/result")));
        assertEquals(MessageId.FOLDER_NOT_AS_EXPECTED, refused.id());
    }

    @Test
    void openCheckedOpensAFolderAsTheCheckPassesItAndRefusesWhatTheCheckRefuses() throws IOException {
        Path job = Files.createDirectories(root.resolve("in/stage/job"));
        Files.writeString(job.resolve("a.txt"), "a");
        try (OpenFolder opened = confinement().openChecked(job)) {
            assertEquals(Set.of("a.txt"), opened.names());
        }
        Path linkedRoot = Files.createSymbolicLink(outside.resolve("root-link"), root);
        try (OpenFolder throughTheRootsLink = new Confinement(List.of(linkedRoot)).openChecked(linkedRoot.resolve("in/stage/job"))) {
            assertEquals(Set.of("a.txt"), throughTheRootsLink.names(), "a root reached through a link is walked, as a check walks it");
        }

        Files.createSymbolicLink(root.resolve("in/stage/linked"), outside);
        assertThrows(UnsafeFolderException.class, () -> confinement().openChecked(root.resolve("in/stage/linked")));
        Files.createSymbolicLink(root.resolve("in/linked-stage"), root.resolve("in/stage"));
        assertThrows(UnsafeFolderException.class, () -> confinement().openChecked(root.resolve("in/linked-stage/job")));
        assertThrows(UnsafeFolderException.class, () -> confinement().openChecked(outside));
        assertThrows(NoSuchFileException.class, () -> confinement().openChecked(root.resolve("in/stage/missing")));
    }

    @Test
    void ensureCreatesTheMissingFoldersOneByOne() throws IOException {
        Path folder = confinement().ensure(root.resolve("in/result/2026/11"));
        assertTrue(Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS));
        assertEquals(folder, confinement().ensure(folder), "a second ensure finds it as it is");
    }

    @Test
    void ensureCreatesNothingThroughALinkDeeperDown() throws IOException {
        Files.createDirectories(root.resolve("in"));
        Files.createSymbolicLink(root.resolve("in/result"), outside);
        assertThrows(UnsafeFolderException.class, () -> confinement().ensure(root.resolve("in/result/2026/11")));
        try (var created = Files.list(outside)) {
            assertEquals(0, created.count(), "the link's target stays untouched");
        }
    }

    @Test
    void aRootThatIsItselfALinkIsTheAdministratorsChoice() throws IOException {
        Path linkedRoot = Files.createSymbolicLink(outside.resolve("root-link"), root);
        Confinement confinement = new Confinement(List.of(linkedRoot));
        Path folder = confinement.ensure(linkedRoot.resolve("in/result"));
        assertTrue(Files.isDirectory(root.resolve("in/result")));
        assertEquals(linkedRoot.resolve("in/result"), folder);
    }

    @Test
    void requireNoLinkRefusesOnlyLinks() throws IOException {
        Path file = Files.writeString(root.resolve("a.txt"), "a");
        Confinement.requireNoLink(file);
        Path link = Files.createSymbolicLink(root.resolve("b.txt"), file);
        assertThrows(UnsafeFolderException.class, () -> Confinement.requireNoLink(link));
    }

    @Test
    void aBlockForAnUnsafeFolderIsToldByItsReason() throws IOException {
        Path link = Files.createSymbolicLink(root.resolve("in"), outside);
        UnsafeFolderException refused = assertThrows(UnsafeFolderException.class, () -> confinement().check(link));
        assertTrue(UnsafeFolderException.isReasonOf(refused.getMessage()));
        assertFalse(UnsafeFolderException.isReasonOf("results cannot be stored in /x: 3 MiB free"));
        assertFalse(UnsafeFolderException.isReasonOf(null));
    }

    @Test
    void aWayFromTheRootNamesEveryFolderDownToTheOneAsked() throws IOException {
        Confinement.Way way = confinement().wayFromRoot(root.resolve("in/./stage/../stage/job"));
        assertEquals(root, way.root());
        assertEquals(root.resolve("in/stage/job"), way.folder());
        assertEquals(3, way.depth());
        assertEquals(List.of(root, root.resolve("in"), root.resolve("in/stage"), root.resolve("in/stage/job")), way.folders());
        assertEquals(List.of(root, root.resolve("in")), confinement().wayFromRoot(root.resolve("in")).folders());
        assertThrows(UnsafeFolderException.class, () -> confinement().wayFromRoot(outside.resolve("in")));
    }
}
