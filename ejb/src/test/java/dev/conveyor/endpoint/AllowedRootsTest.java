package dev.conveyor.endpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AllowedRootsTest {

    @TempDir
    Path root;

    @TempDir
    Path secondRoot;

    @TempDir
    Path outside;

    private AllowedRoots roots() {
        return new AllowedRoots(List.of(root));
    }

    @Test
    void atLeastOneRootIsNeeded() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new AllowedRoots(List.of()));
        assertEquals("at least one allowed root is needed", e.getMessage());
    }

    @Test
    void rootsAreKeptAbsoluteAndNormalized() {
        AllowedRoots roots = new AllowedRoots(List.of(root.resolve("a/../b/.")));
        assertEquals(List.of(root.resolve("b")), roots.roots());
    }

    @Test
    void relativePathResolvesUnderTheFirstRoot() {
        AllowedRoots roots = new AllowedRoots(List.of(root, secondRoot));
        assertEquals(Optional.of(root.resolve("in/invoices")), roots.resolve("in/invoices"));
    }

    @Test
    void folderNeedNotExistYet() {
        assertEquals(Optional.of(root.resolve("not/yet/there")), roots().resolve("not/yet/there"));
    }

    @Test
    void absolutePathInsideARootIsAccepted() {
        AllowedRoots roots = new AllowedRoots(List.of(root, secondRoot));
        assertEquals(Optional.of(root.resolve("in")), roots.resolve(root.resolve("in").toString()));
        assertEquals(Optional.of(secondRoot.resolve("in")), roots.resolve(secondRoot.resolve("in").toString()));
    }

    @Test
    void absolutePathOutsideEveryRootIsRefused() {
        AllowedRoots roots = new AllowedRoots(List.of(root, secondRoot));
        assertEquals(Optional.empty(), roots.resolve(outside.resolve("in").toString()));
        assertEquals(Optional.empty(), roots.resolve("/etc"));
    }

    @Test
    void aRootItselfIsRefused() {
        assertEquals(Optional.empty(), roots().resolve(root.toString()));
        assertEquals(Optional.empty(), roots().resolve(""));
        assertEquals(Optional.empty(), roots().resolve("."));
        assertEquals(Optional.empty(), roots().resolve("in/.."));
    }

    @Test
    void dotDotCannotEscapeARoot() {
        assertEquals(Optional.empty(), roots().resolve(".."));
        assertEquals(Optional.empty(), roots().resolve("../x"));
        assertEquals(Optional.empty(), roots().resolve("in/../../x"));
        assertEquals(Optional.empty(), roots().resolve(root.resolve("../x").toString()));
    }

    @Test
    void dotDotThatStaysInsideIsNormalized() {
        assertEquals(Optional.of(root.resolve("x")), roots().resolve("in/../x"));
    }

    @Test
    void siblingWithTheRootsNameAsPrefixIsOutside() throws IOException {
        Path sibling = Files.createDirectory(root.resolveSibling(root.getFileName() + "-other"));
        try {
            assertEquals(Optional.empty(), roots().resolve(sibling.resolve("in").toString()));
        } finally {
            Files.delete(sibling);
        }
    }

    @Test
    void symbolicLinkInsideARootLeadingOutsideIsRefused() throws IOException {
        Files.createSymbolicLink(root.resolve("escape"), outside);
        assertEquals(Optional.empty(), roots().resolve("escape"));
        assertEquals(Optional.empty(), roots().resolve("escape/in"));
        assertFalse(roots().contains(root.resolve("escape/in/deeper")));
    }

    @Test
    void symbolicLinkToTheRootItselfIsRefused() throws IOException {
        Files.createSymbolicLink(root.resolve("self"), root);
        assertEquals(Optional.empty(), roots().resolve("self"));
    }

    @Test
    void danglingSymbolicLinkIsRefused() throws IOException {
        Files.createSymbolicLink(root.resolve("dangling"), outside.resolve("appears-later"));
        assertEquals(Optional.empty(), roots().resolve("dangling"));
        assertEquals(Optional.empty(), roots().resolve("dangling/in"));
    }

    @Test
    void symbolicLinkLoopIsRefused() throws IOException {
        Files.createSymbolicLink(root.resolve("loop"), root.resolve("loop"));
        assertEquals(Optional.empty(), roots().resolve("loop/in"));
    }

    @Test
    void symbolicLinkLeadingToAnotherPlaceInsideTheRootIsAccepted() throws IOException {
        Path target = Files.createDirectories(root.resolve("data/in"));
        Files.createSymbolicLink(root.resolve("shortcut"), target);
        assertEquals(Optional.of(root.resolve("shortcut")), roots().resolve("shortcut"));
    }

    @Test
    void symbolicLinkFromOneRootIntoAnotherIsRefused() throws IOException {
        Files.createSymbolicLink(root.resolve("across"), secondRoot);
        AllowedRoots roots = new AllowedRoots(List.of(root, secondRoot));
        assertEquals(Optional.empty(), roots.resolve("across/in"));
    }

    @Test
    void rootGivenThroughASymbolicLinkStillContainsItsFolders() throws IOException {
        Path linkedRoot = Files.createSymbolicLink(outside.resolve("linked-root"), root);
        AllowedRoots roots = new AllowedRoots(List.of(linkedRoot));
        assertEquals(Optional.of(linkedRoot.resolve("in")), roots.resolve("in"));
        assertEquals(Optional.empty(), roots.resolve(root.resolve("in").toString()));
    }

    @Test
    void containsChecksTheSameRules() {
        AllowedRoots roots = roots();
        assertTrue(roots.contains(root.resolve("in")));
        assertFalse(roots.contains(root));
        assertFalse(roots.contains(root.resolve("in/../..")));
        assertFalse(roots.contains(outside.resolve("in")));
    }
}
