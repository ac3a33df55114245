package dev.conveyor.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.conveyor.endpoint.FilePattern;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BatchSelectorTest {

    private static final Instant BASE = Instant.parse("2024-03-01T10:00:00Z");
    private static final FilePattern ALL = FilePattern.of("*");

    @TempDir
    Path folder;

    @TempDir
    Path outside;

    private Path file(String name, int secondsAfterBase) throws IOException {
        Path file = Files.writeString(folder.resolve(name), name);
        Files.setLastModifiedTime(file, FileTime.from(BASE.plusSeconds(secondsAfterBase)));
        return file;
    }

    private List<String> names(List<Path> paths) {
        return paths.stream().map(path -> folder.relativize(path).toString()).toList();
    }

    @Test
    void oldestComeFirst() throws IOException {
        file("new.pdf", 30);
        file("old.pdf", 10);
        file("middle.pdf", 20);
        assertEquals(List.of("old.pdf", "middle.pdf", "new.pdf"), names(BatchSelector.oldest(folder, ALL, 10)));
    }

    @Test
    void limitKeepsTheOldest() throws IOException {
        file("d", 40);
        file("a", 10);
        file("c", 30);
        file("b", 20);
        assertEquals(List.of("a", "b"), names(BatchSelector.oldest(folder, ALL, 2)));
        assertEquals(List.of("a"), names(BatchSelector.oldest(folder, ALL, 1)));
    }

    @Test
    void returnedPathsAreInTheFolder() throws IOException {
        Path file = file("a.pdf", 0);
        assertEquals(List.of(file), BatchSelector.oldest(folder, ALL, 5));
    }

    @Test
    void limitOfZeroOrLessTakesNothing() throws IOException {
        file("a", 10);
        assertEquals(List.of(), BatchSelector.oldest(folder, ALL, 0));
        assertEquals(List.of(), BatchSelector.oldest(folder, ALL, -3));
    }

    @Test
    void emptyFolderGivesAnEmptyBatch() throws IOException {
        assertEquals(List.of(), BatchSelector.oldest(folder, ALL, 5));
    }

    @Test
    void tiesAreOrderedByName() throws IOException {
        file("c.pdf", 10);
        file("a.pdf", 10);
        file("b.pdf", 10);
        file("early.pdf", 5);
        assertEquals(List.of("early.pdf", "a.pdf", "b.pdf", "c.pdf"), names(BatchSelector.oldest(folder, ALL, 10)));
        assertEquals(List.of("early.pdf", "a.pdf", "b.pdf"), names(BatchSelector.oldest(folder, ALL, 3)));
    }

    @Test
    void onlyMatchingFilesAreTaken() throws IOException {
        file("Thumbs.db", 0);
        file("scan.txt", 1);
        file("b.pdf", 3);
        file("a.PDF", 4);
        file("c.pdf", 2);
        assertEquals(List.of("c.pdf", "b.pdf"), names(BatchSelector.oldest(folder, FilePattern.of("*.pdf"), 10)));
        assertEquals(List.of("scan.txt", "c.pdf", "b.pdf", "a.PDF"),
                names(BatchSelector.oldest(folder, FilePattern.of("*.[pP][dD][fF];*.txt"), 10)));
    }

    @Test
    void olderNonMatchingFilesDoNotTakeUpTheLimit() throws IOException {
        for (int i = 0; i < 5; i++) {
            file("old-" + i + ".tmp", i);
        }
        file("new.pdf", 100);
        assertEquals(List.of("new.pdf"), names(BatchSelector.oldest(folder, FilePattern.of("*.pdf"), 1)));
    }

    @Test
    void foldersAreNotTaken() throws IOException {
        Path sub = Files.createDirectory(folder.resolve("old-folder.pdf"));
        Files.setLastModifiedTime(sub, FileTime.from(BASE.minusSeconds(1000)));
        Files.createDirectory(folder.resolve("stage"));
        file("a.pdf", 10);
        assertEquals(List.of("a.pdf"), names(BatchSelector.oldest(folder, ALL, 10)));
    }

    @Test
    void symbolicLinksAreNotTaken() throws IOException {
        Path real = file("real.pdf", 10);
        Path outsideFile = Files.writeString(outside.resolve("secret.pdf"), "secret");
        Files.createSymbolicLink(folder.resolve("link-inside.pdf"), real);
        Files.createSymbolicLink(folder.resolve("link-outside.pdf"), outsideFile);
        Files.createSymbolicLink(folder.resolve("dangling.pdf"), outside.resolve("missing.pdf"));
        Files.createSymbolicLink(folder.resolve("link-to-folder"), outside);
        assertEquals(List.of("real.pdf"), names(BatchSelector.oldest(folder, ALL, 10)));
    }

    @Test
    void filesInSubfoldersAreNotTaken() throws IOException {
        Path sub = Files.createDirectory(folder.resolve("sub"));
        Files.writeString(sub.resolve("nested.pdf"), "x");
        file("top.pdf", 10);
        assertEquals(List.of("top.pdf"), names(BatchSelector.oldest(folder, ALL, 10)));
    }

    @Test
    void manyFilesGiveExactlyTheOldestWithinTheLimit() throws IOException {
        int count = 5_000;
        List<Integer> ages = new ArrayList<>(IntStream.range(0, count).boxed().toList());
        Collections.shuffle(ages, new Random(20240301));
        for (int i = 0; i < count; i++) {
            file(String.format("file-%05d.dat", i), ages.get(i));
        }
        List<String> expected = IntStream.range(0, 10)
                .mapToObj(age -> String.format("file-%05d.dat", ages.indexOf(age)))
                .toList();

        assertEquals(expected, names(BatchSelector.oldest(folder, ALL, 10)));
    }

    @Test
    void missingFolderIsAnError() {
        assertThrows(NoSuchFileException.class, () -> BatchSelector.oldest(folder.resolve("gone"), ALL, 10));
    }
}
