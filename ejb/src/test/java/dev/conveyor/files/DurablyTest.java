package dev.conveyor.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jna.Platform;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DurablyTest {

    @TempDir
    Path folder;

    @TempDir
    Path outside;

    @Test
    void forcingAFolderTreeSkipsItsLinksInsteadOfFailingOnThem() throws IOException {
        Path unit = Files.createDirectories(folder.resolve("unit/sub"));
        Files.writeString(unit.resolve("a.txt"), "a");
        Files.createSymbolicLink(unit.resolve("link"), outside);
        Durably.sync(folder.resolve("unit"));
        Durably.sync(unit.resolve("a.txt"));
        assertEquals("a", Files.readString(unit.resolve("a.txt")), "forcing changes nothing it forces");
    }

    @Test
    void aFolderHoldingManyPlacedEntriesIsForcedOnceAfterThem() throws IOException {
        Path result = Files.createDirectories(folder.resolve("result"));
        Path preserve = Files.createDirectories(folder.resolve("preserve"));
        Durably.Pending pending = new Durably.Pending();
        for (String name : new String[] {"a.txt", "b.txt"}) {
            pending.add(Files.writeString(result.resolve(name), name));
            pending.add(Files.writeString(preserve.resolve(name), name));
        }
        assertEquals(List.of(result.resolve("a.txt"), preserve.resolve("a.txt"), result.resolve("b.txt"), preserve.resolve("b.txt"),
                result, preserve), pending.order());
        pending.force();
        assertEquals(List.of(), pending.order(), "forced once, then empty");
    }

    @Test
    void aChunkOnOneFileSystemIsFlushedThroughOneOfItsFolders() throws IOException {
        Path result = Files.createDirectories(folder.resolve("result"));
        Path preserve = Files.createDirectories(folder.resolve("preserve"));
        Path gone = folder.resolve("gone");
        Durably.Pending pending = new Durably.Pending();
        pending.add(Files.writeString(result.resolve("a.txt"), "a"));
        pending.add(Files.writeString(preserve.resolve("a.txt"), "a"));
        pending.add(gone.resolve("b.txt"));
        assertEquals(List.of(result), pending.oneFolderPerFileSystem(), "one folder of the one file system; a folder gone has nothing to force");
    }

    @Test
    void theWholeFileSystemFlushIsUsedOnLinux() {
        assertEquals(Platform.isLinux(), FileSystemFlush.AVAILABLE);
    }

    @Test
    void aFileSystemIsFlushedOnlyThroughARealFolderNeverALinkOrAFile() throws IOException {
        Path real = Files.createDirectories(folder.resolve("real"));
        Path file = Files.writeString(folder.resolve("file.txt"), "f");
        Path link = Files.createSymbolicLink(folder.resolve("link"), outside);
        assertTrue(FileSystemFlush.flush(real));
        assertFalse(FileSystemFlush.flush(link), "a link is not followed");
        assertFalse(FileSystemFlush.flush(file), "a file is not a folder");
        assertFalse(FileSystemFlush.flush(folder.resolve("missing")));
    }
}
