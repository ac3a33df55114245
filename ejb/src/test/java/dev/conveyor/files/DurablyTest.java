package dev.conveyor.files;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
}
