package dev.conveyor.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LooksTest {

    @TempDir
    Path root;

    @Test
    void nothingIsAtAMissingNameOnlyALinkToNothingIsSomethingAndAPathThroughAFileIsNotNothing() throws IOException {
        Path file = Files.writeString(root.resolve("file.txt"), "here");
        Path dangling = Files.createSymbolicLink(root.resolve("dangling"), root.resolve("gone"));

        assertTrue(Looks.nothingAt(root.resolve("missing")));
        assertTrue(Looks.nothingAt(root.resolve("missing/deeper")));
        assertFalse(Looks.nothingAt(file));
        assertFalse(Looks.nothingAt(root));
        assertFalse(Looks.nothingAt(dangling), "the link itself is there");
        assertFalse(Looks.nothingAt(file.resolve("inside")), "not a folder on the way: the look that follows says why");
    }

    @Test
    void aFileHoldsExactlyWhatItHoldsNoMoreAndNoLessAndNothingElseHoldsAnything() throws IOException {
        byte[] expected = "job-1".getBytes(StandardCharsets.UTF_8);
        Path file = Files.writeString(root.resolve("marker"), "job-1");
        Path longer = Files.writeString(root.resolve("longer"), "job-12");
        Path shorter = Files.writeString(root.resolve("shorter"), "job-");
        Path link = Files.createSymbolicLink(root.resolve("link"), file);
        Path folder = Files.createDirectories(root.resolve("folder"));

        assertTrue(Looks.holdsExactly(file, expected));
        assertFalse(Looks.holdsExactly(longer, expected));
        assertFalse(Looks.holdsExactly(shorter, expected));
        assertFalse(Looks.holdsExactly(link, expected), "a link is not followed");
        assertFalse(Looks.holdsExactly(folder, expected));
        assertFalse(Looks.holdsExactly(root.resolve("missing"), expected));
    }

    @Test
    void aMarkerThatCannotBeReadIsAnErrorNotAnAnswer() throws IOException {
        Path file = Files.writeString(root.resolve("marker"), "job-1");
        Path below = file.resolve("below");

        assertThrows(java.nio.file.FileSystemException.class, () -> Looks.holdsExactly(below, "job-1".getBytes(StandardCharsets.UTF_8)),
                "a file where a folder should be on the way tells nothing of the marker");
    }

    @Test
    void aRenameTellsWhetherItHappened() throws IOException {
        Path prepared = Files.createDirectories(root.resolve("next/out"));
        Path attempt = root.resolve("1");

        assertTrue(Looks.renameIfThere(prepared.getParent(), attempt));
        assertEquals(Set.of("out"), FileTrees.names(attempt));
        assertFalse(Looks.renameIfThere(root.resolve("next"), root.resolve("2")), "nothing left to rename");

        Path another = Files.createDirectories(root.resolve("another"));
        assertFalse(Looks.renameIfThere(another, attempt), "onto a folder with something in it");
        assertTrue(Files.isDirectory(another, LinkOption.NOFOLLOW_LINKS));
        assertTrue(Files.isDirectory(attempt.resolve("out"), LinkOption.NOFOLLOW_LINKS));

        Path file = Files.writeString(root.resolve("file.txt"), "a file");
        assertThrows(IOException.class, () -> Looks.renameIfThere(another, file.resolve("inside")), "a failure of another kind");
    }

    @Test
    void pathsWithLettersOutsideAsciiAreFoundRenamedAndEmptied() throws IOException {
        Path folder = Files.createDirectories(root.resolve("Überweisungen/stage"));
        Path file = Files.writeString(folder.resolve("rechnung-€.pdf"), "a scan");

        assertFalse(Looks.nothingAt(file));
        assertTrue(Looks.renameIfThere(file, folder.resolve("quittung-ß.pdf")));
        assertTrue(Looks.nothingAt(file));
        try (OpenFolder opened = OpenFolder.open(folder)) {
            assertEquals(Set.of("quittung-ß.pdf"), opened.names());
            opened.deleteEntries(any -> true);
        }
        assertEquals(Set.of(), FileTrees.names(folder));
    }
}
