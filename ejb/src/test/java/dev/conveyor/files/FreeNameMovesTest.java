package dev.conveyor.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FreeNameMovesTest {

    @TempDir
    Path root;

    @Test
    void aFolderIsMovedWholeToAFreeName() throws IOException {
        assertTrue(FreeNameMoves.AVAILABLE, "renameat2 is in every C library of the Linux systems Conveyor is built on");
        Path folder = Files.createDirectories(root.resolve("stage/batch"));
        Files.writeString(folder.resolve("a.xml"), "a");
        Path target = Files.createDirectories(root.resolve("preserve")).resolve("batch");

        assertTrue(FreeNameMoves.moveIfFree(folder, target));

        assertEquals("a", Files.readString(target.resolve("a.xml")));
        assertFalse(Files.exists(folder, LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void aTakenNameIsRefusedWhateverTakesItAndNothingChanges() throws IOException {
        Path file = Files.writeString(root.resolve("scan.pdf"), "scan");
        List<Path> taken = List.of(Files.writeString(root.resolve("file"), "someone else's"), Files.createDirectory(root.resolve("empty")),
                Files.createSymbolicLink(root.resolve("dangling"), root.resolve("gone")));

        for (Path name : taken) {
            assertFalse(FreeNameMoves.moveIfFree(file, name), name.toString());
        }

        assertEquals("scan", Files.readString(file));
        assertEquals("someone else's", Files.readString(root.resolve("file")));
        assertTrue(Files.isDirectory(root.resolve("empty")));
        assertTrue(Files.isSymbolicLink(root.resolve("dangling")));
        assertFalse(Files.exists(root.resolve("gone")), "the link was not followed and nothing was put where it points");
    }

    @Test
    void nothingToMoveIsReportedAsMissing() {
        assertThrows(NoSuchFileException.class, () -> FreeNameMoves.moveIfFree(root.resolve("gone"), root.resolve("target")));
    }

    @Test
    void aMoveToAnotherVolumeIsReportedAsNotPossibleHereAndChangesNothing() throws IOException {
        Path otherVolume = Path.of("/dev/shm");
        assumeTrue(Files.isDirectory(otherVolume) && !Files.getFileStore(otherVolume).equals(Files.getFileStore(root)),
                "a memory file system of its own at /dev/shm, as Linux systems have");
        Path file = Files.writeString(root.resolve("scan.pdf"), "scan");
        Path target = otherVolume.resolve("conveyor-test-" + ProcessHandle.current().pid() + "-scan.pdf");

        assertThrows(AtomicMoveNotSupportedException.class, () -> FreeNameMoves.moveIfFree(file, target));

        assertEquals("scan", Files.readString(file));
        assertFalse(Files.exists(target, LinkOption.NOFOLLOW_LINKS));
    }
}
