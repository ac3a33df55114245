package dev.conveyor.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OpenFolderTest {

    @TempDir
    Path root;

    @Test
    void aLinkInPlaceOfTheFolderOrOfAFolderInItIsRefusedAndNothingBehindItIsTouched() throws IOException {
        Path outside = OutsideFolder.withAFile(root);
        Path link = Files.createSymbolicLink(root.resolve("job"), outside);
        assertThrows(IOException.class, () -> OpenFolder.open(link));

        Path job = Files.createDirectories(root.resolve("real-job"));
        Files.createSymbolicLink(job.resolve("out"), outside);
        try (OpenFolder folder = OpenFolder.open(job)) {
            assertThrows(IOException.class, () -> folder.open("out"));
            folder.deleteEntries(any -> true);
        }

        assertTrue(Files.exists(outside.resolve("deep/keep.txt")), "the link's target untouched");
        assertFalse(Files.exists(job.resolve("out"), LinkOption.NOFOLLOW_LINKS), "the link inside removed itself");
    }

    @Test
    void nothingThereAndAFileAreNoFoldersToOpen() throws IOException {
        assertThrows(NoSuchFileException.class, () -> OpenFolder.open(root.resolve("missing")));
        Path file = Files.writeString(root.resolve("file.txt"), "a file");
        assertThrows(NotDirectoryException.class, () -> OpenFolder.open(file));
    }

    @Test
    void folderOpenedFromTheirParentsAreEmptiedAtEveryDepthAndTheNamesFollowWhatWasDone() throws IOException {
        Path outside = OutsideFolder.withAFile(root);
        Path job = Files.createDirectories(root.resolve("job/attempt/out/pages"));
        Files.writeString(job.resolve("page-1.png"), "a page");
        Path attempt = job.getParent().getParent();
        Files.writeString(attempt.resolve("results.json"), "[]");
        Files.createDirectories(attempt.resolve("finished"));
        Files.createSymbolicLink(attempt.resolve("out/elsewhere"), outside);

        try (OpenFolder top = OpenFolder.open(root.resolve("job")); OpenFolder run = top.open("attempt")) {
            assertEquals(Set.of("out", "results.json", "finished"), run.names());
            run.deleteEntries(name -> name.equals("results.json"));
            try (OpenFolder out = run.open("out")) {
                out.deleteEntries(any -> true);
                assertEquals(Set.of(), out.names());
            }
            run.rename("finished", "work");
            assertEquals(Set.of("out", "work"), run.names(), "what this folder removed and renamed, without a second listing");
        }

        assertEquals(Set.of("out", "work"), FileTrees.names(root.resolve("job/attempt")), "the folder as the names said");
        assertEquals(Set.of(), FileTrees.names(root.resolve("job/attempt/out")));
        assertTrue(Files.exists(outside.resolve("deep/keep.txt")), "a link inside was removed, not followed");
    }
}
