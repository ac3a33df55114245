package dev.conveyor.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
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
    void anEntryIsDeletedByAPlainNameOnly() throws IOException {
        Path job = Files.createDirectories(root.resolve("job/in"));
        Files.writeString(root.resolve("job/beside.txt"), "beside");
        try (OpenFolder in = OpenFolder.open(job)) {
            assertThrows(IllegalArgumentException.class, () -> in.deleteEntry(".."));
            assertThrows(IllegalArgumentException.class, () -> in.deleteEntry("../beside.txt"));
            in.deleteEntry("gone.txt");
        }
        assertEquals("beside", Files.readString(root.resolve("job/beside.txt")));
    }

    @Test
    void aFileInTheFolderHoldsExactlyWhatItWasWrittenWithAndALinkOrAPipeHoldsNothing() throws Exception {
        Path job = Files.createDirectories(root.resolve("job"));
        Files.writeString(job.resolve("marker"), "job-1");
        Files.writeString(root.resolve("theirs"), "job-1");
        Files.createSymbolicLink(job.resolve("linked"), root.resolve("theirs"));
        assertEquals(0, new ProcessBuilder("mkfifo", job.resolve("pipe").toString()).start().waitFor());
        try (OpenFolder folder = OpenFolder.open(job)) {
            assertTrue(folder.holdsExactly("marker", "job-1".getBytes(StandardCharsets.UTF_8)));
            assertFalse(folder.holdsExactly("marker", "job-12".getBytes(StandardCharsets.UTF_8)));
            assertFalse(folder.holdsExactly("marker", "job-".getBytes(StandardCharsets.UTF_8)));
            assertFalse(folder.holdsExactly("missing", "job-1".getBytes(StandardCharsets.UTF_8)));
            assertFalse(folder.holdsExactly("linked", "job-1".getBytes(StandardCharsets.UTF_8)), "a link is not followed");
            assertFalse(assertTimeoutPreemptively(Duration.ofSeconds(10),
                    () -> folder.holdsExactly("pipe", "job-1".getBytes(StandardCharsets.UTF_8))), "a pipe is not waited on");
        }
    }

    @Test
    void aFileIsWrittenOverInPlaceAndCutToLengthButALinkOrAPipeIsRefusedAndNothingIsMade() throws Exception {
        Path job = Files.createDirectories(root.resolve("job"));
        Path marker = Files.writeString(job.resolve("marker"), "a longer text than the id");
        Object before = Files.readAttributes(marker, BasicFileAttributes.class).fileKey();
        Path theirs = Files.writeString(root.resolve("theirs"), "theirs");
        Files.createSymbolicLink(job.resolve("linked"), theirs);
        assertEquals(0, new ProcessBuilder("mkfifo", job.resolve("pipe").toString()).start().waitFor());
        try (OpenFolder folder = OpenFolder.open(job)) {
            folder.writeOver("marker", "job-2".getBytes(StandardCharsets.UTF_8));
            assertThrows(IOException.class, () -> folder.writeOver("linked", "job-2".getBytes(StandardCharsets.UTF_8)));
            assertThrows(IOException.class, () -> assertTimeoutPreemptively(Duration.ofSeconds(10),
                    () -> folder.writeOver("pipe", "job-2".getBytes(StandardCharsets.UTF_8))), "a pipe is not waited on");
            assertThrows(NoSuchFileException.class, () -> folder.writeOver("missing", "job-2".getBytes(StandardCharsets.UTF_8)));
        }
        assertEquals("job-2", Files.readString(marker));
        assertEquals(before, Files.readAttributes(marker, BasicFileAttributes.class).fileKey(), "the same file, written in place");
        assertEquals("theirs", Files.readString(theirs));
        assertFalse(Files.exists(job.resolve("missing")));
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

    @Test
    void aFolderIsMadeInTheOpenedFolderEvenWhenItsPathLeadsElsewhereNowAndNeverThroughALink() throws IOException {
        Path outside = OutsideFolder.withAFile(root);
        Path attempt = Files.createDirectories(root.resolve("job/attempt"));
        Files.createSymbolicLink(attempt.resolve("linked"), outside);
        try (OpenFolder run = OpenFolder.open(attempt)) {
            assertEquals(Set.of("linked"), run.names());
            // Renamed away and a link put in its place: the open folder is still the one written into.
            Files.move(root.resolve("job"), root.resolve("moved"));
            Files.createDirectories(root.resolve("job"));
            Files.createSymbolicLink(root.resolve("job/attempt"), outside);

            run.createFolder("work");
            assertEquals(Set.of("linked", "work"), run.names(), "the names follow what was made");
            assertThrows(FileAlreadyExistsException.class, () -> run.createFolder("work"));
            assertThrows(FileAlreadyExistsException.class, () -> run.createFolder("linked"), "a link in the way is no folder made");
            assertThrows(IllegalArgumentException.class, () -> run.createFolder("../escaped"));
            assertThrows(IllegalArgumentException.class, () -> run.createFolder(".."));
        }
        assertTrue(Files.isDirectory(root.resolve("moved/attempt/work"), LinkOption.NOFOLLOW_LINKS));
        assertEquals(Set.of("deep"), FileTrees.names(outside), "nothing made behind a link");
        assertFalse(Files.exists(root.resolve("escaped")));
    }

    @Test
    void entriesSwappedAfterTheListingAreRemovedAsWhatTheyAreNowAndNoLinkIsFollowed() throws IOException {
        Path outside = OutsideFolder.withAFile(root);
        Path job = Files.createDirectories(root.resolve("job"));
        Files.writeString(Files.createDirectories(job.resolve("out")).resolve("result.txt"), "a result");
        Files.writeString(job.resolve("source.txt"), "a source");

        try (OpenFolder folder = OpenFolder.open(job)) {
            assertEquals(Set.of("out", "source.txt"), folder.names(), "listed before the swaps");
            FileTrees.delete(job.resolve("out"));
            Files.createSymbolicLink(job.resolve("out"), outside);
            Files.delete(job.resolve("source.txt"));
            Files.createDirectories(job.resolve("source.txt/inner"));
            Files.writeString(job.resolve("source.txt/inner/file.txt"), "in a folder now");
            folder.deleteEntries(any -> true);
            assertEquals(Set.of(), folder.names());
        }

        assertEquals(Set.of(), FileTrees.names(job), "the link removed as a link, the new folder with what it held");
        assertTrue(Files.exists(outside.resolve("deep/keep.txt")), "the link's target untouched");
    }

    @Test
    void aNameThatIsNotTextInJavasEncodingIsStillRemoved() throws IOException, InterruptedException {
        Path job = Files.createDirectories(root.resolve("job"));
        // A byte that is no character in UTF-8 nor in ASCII: Java shows the name with a replacement
        // character, which names no file, so a removal by that shown name would leave the file behind.
        Process touch = new ProcessBuilder("sh", "-c", "touch \"$(printf 'scan\\377.pdf')\"").directory(job.toFile()).start();
        assertEquals(0, touch.waitFor());
        assertEquals(1, FileTrees.names(job).size());

        try (OpenFolder folder = OpenFolder.open(job)) {
            folder.deleteEntries(any -> true);
        }

        assertEquals(Set.of(), FileTrees.names(job));
    }

    @Test
    void whatAFolderHoldsIsToldWithoutFollowingLinks() throws IOException {
        Path outside = OutsideFolder.withAFile(root);
        Path job = Files.createDirectories(root.resolve("job"));
        Files.writeString(job.resolve("marker"), "id");
        Files.createDirectories(job.resolve("empty"));
        Files.createDirectories(job.resolve("full/inner"));
        Files.createSymbolicLink(job.resolve("linked-folder"), Files.createDirectories(root.resolve("elsewhere-empty")));
        Files.createSymbolicLink(job.resolve("linked-file"), outside.resolve("deep/keep.txt"));

        try (OpenFolder folder = OpenFolder.open(job)) {
            assertTrue(folder.holdsFile("marker"));
            assertTrue(folder.holdsFolder("empty"));
            assertTrue(folder.holdsEmptyFolder("empty"));
            assertFalse(folder.holdsEmptyFolder("full"), "a folder with something in it");
            assertFalse(folder.holdsFolder("linked-folder"), "a link to a folder");
            assertFalse(folder.holdsEmptyFolder("linked-folder"), "a link to an empty folder");
            assertFalse(folder.holdsFile("linked-file"), "a link to a file");
            assertFalse(folder.holdsFile("empty"));
            assertFalse(folder.holdsFolder("marker"));
            assertFalse(folder.holdsFile("missing"));
            assertFalse(folder.holdsEmptyFolder("missing"));
        }
    }
}
