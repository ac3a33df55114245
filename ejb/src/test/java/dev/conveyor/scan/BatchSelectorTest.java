package dev.conveyor.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.conveyor.endpoint.FilePattern;
import dev.conveyor.files.ReservedNames;
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
import java.util.function.Predicate;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BatchSelectorTest {

    private static final Instant BASE = Instant.parse("2024-03-01T10:00:00Z");
    private static final Predicate<String> ALL = name -> true;
    /** Far enough ahead that no entry is too young. */
    private static final Instant ANY_AGE = Instant.parse("9999-01-01T00:00:00Z");

    @TempDir
    Path folder;

    @TempDir
    Path outside;

    private Path file(String name, int secondsAfterBase) throws IOException {
        Path file = Files.writeString(folder.resolve(name), name);
        Files.setLastModifiedTime(file, FileTime.from(BASE.plusSeconds(secondsAfterBase)));
        return file;
    }

    private List<String> names(List<BatchSelector.Candidate> candidates) {
        return candidates.stream().map(candidate -> folder.relativize(candidate.path()).toString()).toList();
    }

    @Test
    void aReservedNameIsLeftAloneAndAnEmptyDroppedFileIsTaken() throws IOException {
        // What a result writer holds a name with until it renames the result over it (a chained endpoint's folder).
        ReservedNames.create(folder.resolve("result.pdf"), false);
        ReservedNames.create(folder.resolve("pages"), true);
        Files.createFile(folder.resolve("trigger"));
        Files.createDirectory(folder.resolve("job"));

        assertEquals(List.of("job", "trigger"), names(BatchSelector.oldest(folder, ALL, 10, ANY_AGE)).stream().sorted().toList());
    }

    @Test
    void oldestComeFirst() throws IOException {
        file("new.pdf", 30);
        file("old.pdf", 10);
        file("middle.pdf", 20);
        assertEquals(List.of("old.pdf", "middle.pdf", "new.pdf"), names(BatchSelector.oldest(folder, ALL, 10, ANY_AGE)));
    }

    @Test
    void limitKeepsTheOldest() throws IOException {
        file("d", 40);
        file("a", 10);
        file("c", 30);
        file("b", 20);
        assertEquals(List.of("a", "b"), names(BatchSelector.oldest(folder, ALL, 2, ANY_AGE)));
        assertEquals(List.of("a"), names(BatchSelector.oldest(folder, ALL, 1, ANY_AGE)));
    }

    @Test
    void eachCandidateComesWithItsPathInTheFolderAndWhatTheLookSaw() throws IOException {
        Path file = file("a.pdf", 0);
        Path jobFolder = Files.createDirectory(folder.resolve("batch"));
        Files.setLastModifiedTime(jobFolder, FileTime.from(BASE.plusSeconds(1)));
        assertEquals(List.of(new BatchSelector.Candidate(file, "a.pdf".length(), BASE.toEpochMilli(), false),
                new BatchSelector.Candidate(jobFolder, Files.size(jobFolder), BASE.plusSeconds(1).toEpochMilli(), true)),
                BatchSelector.oldest(folder, ALL, 5, ANY_AGE));
    }

    @Test
    void limitOfZeroOrLessTakesNothing() throws IOException {
        file("a", 10);
        assertEquals(List.of(), BatchSelector.oldest(folder, ALL, 0, ANY_AGE));
        assertEquals(List.of(), BatchSelector.oldest(folder, ALL, -3, ANY_AGE));
    }

    @Test
    void emptyFolderGivesAnEmptyBatch() throws IOException {
        assertEquals(List.of(), BatchSelector.oldest(folder, ALL, 5, ANY_AGE));
    }

    @Test
    void tiesAreOrderedByName() throws IOException {
        file("c.pdf", 10);
        file("a.pdf", 10);
        file("b.pdf", 10);
        file("early.pdf", 5);
        assertEquals(List.of("early.pdf", "a.pdf", "b.pdf", "c.pdf"), names(BatchSelector.oldest(folder, ALL, 10, ANY_AGE)));
        assertEquals(List.of("early.pdf", "a.pdf", "b.pdf"), names(BatchSelector.oldest(folder, ALL, 3, ANY_AGE)));
    }

    @Test
    void onlyMatchingFilesAreTaken() throws IOException {
        file("Thumbs.db", 0);
        file("scan.txt", 1);
        file("b.pdf", 3);
        file("a.PDF", 4);
        file("c.pdf", 2);
        assertEquals(List.of("c.pdf", "b.pdf"), names(BatchSelector.oldest(folder, FilePattern.of("*.pdf")::matches, 10, ANY_AGE)));
        assertEquals(List.of("scan.txt", "c.pdf", "b.pdf", "a.PDF"),
                names(BatchSelector.oldest(folder, FilePattern.of("*.[pP][dD][fF];*.txt")::matches, 10, ANY_AGE)));
    }

    @Test
    void olderNonMatchingFilesDoNotTakeUpTheLimit() throws IOException {
        for (int i = 0; i < 5; i++) {
            file("old-" + i + ".tmp", i);
        }
        file("new.pdf", 100);
        assertEquals(List.of("new.pdf"), names(BatchSelector.oldest(folder, FilePattern.of("*.pdf")::matches, 1, ANY_AGE)));
    }

    private Path directory(String name, int secondsAfterBase) throws IOException {
        Path directory = Files.createDirectory(folder.resolve(name));
        Files.writeString(directory.resolve("inside.txt"), "x");
        Files.setLastModifiedTime(directory, FileTime.from(BASE.plusSeconds(secondsAfterBase)));
        return directory;
    }

    @Test
    void directoriesAreTakenAsJobFoldersInAgeOrderWithFiles() throws IOException {
        directory("old-folder.pdf", -1000);
        file("a.pdf", 10);
        directory("batch", 20);
        file("b.pdf", 30);
        assertEquals(List.of("old-folder.pdf", "a.pdf", "batch", "b.pdf"), names(BatchSelector.oldest(folder, ALL, 10, ANY_AGE)));
    }

    @Test
    void ineligibleDirectoriesAreNotTaken() throws IOException {
        directory("stage", -1000);
        file("a.pdf", 10);
        assertEquals(List.of("a.pdf"), names(BatchSelector.oldest(folder, name -> !name.equals("stage"), 10, ANY_AGE)));
    }

    @Test
    void entriesChangedAfterTheCutoffAreLeftForALaterScan() throws IOException {
        file("old.pdf", 10);
        file("exactly.pdf", 20);
        file("young.pdf", 21);
        directory("young-folder", 60);
        directory("old-folder", 5);
        assertEquals(List.of("old-folder", "old.pdf", "exactly.pdf"),
                names(BatchSelector.oldest(folder, ALL, 10, BASE.plusSeconds(20))));
        assertEquals(List.of(), names(BatchSelector.oldest(folder, ALL, 10, BASE)));
    }

    @Test
    void youngEntriesDoNotTakeUpTheLimit() throws IOException {
        file("young-1", 100);
        file("young-2", 101);
        file("old", 50);
        assertEquals(List.of("old"), names(BatchSelector.oldest(folder, ALL, 1, BASE.plusSeconds(60))));
    }

    @Test
    void symbolicLinksAreNotTaken() throws IOException {
        Path real = file("real.pdf", 10);
        Path outsideFile = Files.writeString(outside.resolve("secret.pdf"), "secret");
        Files.createSymbolicLink(folder.resolve("link-inside.pdf"), real);
        Files.createSymbolicLink(folder.resolve("link-outside.pdf"), outsideFile);
        Files.createSymbolicLink(folder.resolve("dangling.pdf"), outside.resolve("missing.pdf"));
        Files.createSymbolicLink(folder.resolve("link-to-folder"), outside);
        Files.createSymbolicLink(folder.resolve("link-to-own-folder"), Files.createDirectory(folder.resolve("real-folder")));
        Files.setLastModifiedTime(folder.resolve("real-folder"), FileTime.from(BASE.plusSeconds(20)));
        assertEquals(List.of("real.pdf", "real-folder"), names(BatchSelector.oldest(folder, ALL, 10, ANY_AGE)));
    }

    @Test
    void filesInSubfoldersAreNotTakenOnTheirOwn() throws IOException {
        Path sub = Files.createDirectory(folder.resolve("sub"));
        Files.writeString(sub.resolve("nested.pdf"), "x");
        Files.setLastModifiedTime(sub.resolve("nested.pdf"), FileTime.from(BASE));
        Files.setLastModifiedTime(sub, FileTime.from(BASE.plusSeconds(20)));
        file("top.pdf", 10);
        assertEquals(List.of("top.pdf", "sub"), names(BatchSelector.oldest(folder, ALL, 10, ANY_AGE)));
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

        assertEquals(expected, names(BatchSelector.oldest(folder, ALL, 10, ANY_AGE)));
    }

    @Test
    void missingFolderIsAnError() {
        assertThrows(NoSuchFileException.class, () -> BatchSelector.oldest(folder.resolve("gone"), ALL, 10, ANY_AGE));
    }
}
