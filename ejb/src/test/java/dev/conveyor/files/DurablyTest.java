package dev.conveyor.files;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
}
