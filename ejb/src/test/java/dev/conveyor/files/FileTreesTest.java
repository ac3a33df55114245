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
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileTreesTest {

    @TempDir
    Path root;

    private static List<String> names(Path folder) throws IOException {
        try (Stream<Path> entries = Files.list(folder)) {
            return entries.map(entry -> entry.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void linksInsideAreRemovedNeverFollowed() throws Exception {
        Path outside = OutsideFolder.withAFile(root);
        Path tree = Files.createDirectories(root.resolve("tree/inner"));
        Files.createSymbolicLink(tree.resolve("to-folder"), outside);
        Files.createSymbolicLink(tree.resolve("to-file"), outside.resolve("deep/keep.txt"));

        FileTrees.delete(root.resolve("tree"));

        assertFalse(Files.exists(root.resolve("tree"), LinkOption.NOFOLLOW_LINKS));
        assertEquals("not Conveyor's", Files.readString(outside.resolve("deep/keep.txt")));
    }

    @Test
    void aLinkGivenToDeleteIsRemovedItselfAndWhatIsGoneCountsAsDeleted() throws Exception {
        Path outside = OutsideFolder.withAFile(root);
        Path link = Files.createSymbolicLink(root.resolve("link"), outside);

        FileTrees.delete(link);
        FileTrees.delete(root.resolve("never-there"));

        assertFalse(Files.exists(link, LinkOption.NOFOLLOW_LINKS));
        assertEquals(List.of("deep"), names(outside));
    }

    @Test
    void entriesAreDeletedAsChosenAndTheRestStays() throws Exception {
        Path folder = Files.createDirectories(root.resolve("job/in"));
        Files.writeString(folder.resolve("source.txt"), "s");
        Files.writeString(root.resolve("job/marker"), "m");
        Files.createDirectories(root.resolve("job/1/out"));

        FileTrees.deleteEntries(root.resolve("job"), name -> !name.equals("marker"));

        assertEquals(List.of("marker"), names(root.resolve("job")));
        FileTrees.deleteEntries(root.resolve("gone"), name -> true);
    }

    @Test
    void aLinkInPlaceOfTheFolderWhoseEntriesGoIsRefusedAndNothingBehindItIsTouched() throws Exception {
        Path outside = OutsideFolder.withAFile(root);
        Path link = Files.createSymbolicLink(root.resolve("job"), outside);

        assertThrows(IOException.class, () -> FileTrees.deleteEntries(link, name -> true));

        assertEquals(List.of("deep"), names(outside));
        assertTrue(Files.isSymbolicLink(link));
    }

    @Test
    void aListingNamesEveryEntryAndSaysWhyItCannotListAsFilesWould() throws Exception {
        Path folder = Files.createDirectories(root.resolve("listed/sub"));
        Files.writeString(root.resolve("listed/file.txt"), "x");
        Files.createSymbolicLink(root.resolve("listed/link"), OutsideFolder.withAFile(root));
        assertEquals(List.of("file.txt", "link", "sub"), FileTrees.entryNames(folder.getParent()).stream().sorted().toList());
        assertTrue(FileTrees.isEmptyFolder(folder));
        assertFalse(FileTrees.isEmptyFolder(folder.getParent()));
        assertFalse(FileTrees.isEmptyFolder(root.resolve("listed/link")), "a link is no empty folder of ours, whatever it points to");

        assertThrows(NoSuchFileException.class, () -> FileTrees.entryNames(root.resolve("absent")));
        assertThrows(NotDirectoryException.class, () -> FileTrees.entryNames(root.resolve("listed/file.txt")));
        assertFalse(FileTrees.isEmptyFolder(root.resolve("absent")));
    }

    @Test
    void aLinkInPlaceOfAFolderIsNeverListedThroughAndWhereNoFolderIsTheListingIsEmpty() throws Exception {
        Path outside = OutsideFolder.withAFile(root);
        Path folder = Files.createDirectories(root.resolve("listed"));
        Files.writeString(folder.resolve("file.txt"), "x");
        Path link = Files.createSymbolicLink(root.resolve("link"), outside);

        assertEquals(List.of("file.txt"), FileTrees.entryNamesIfFolder(folder).orElseThrow());
        assertTrue(FileTrees.entryNamesIfFolder(link).isEmpty(), "a link is not listed through");
        if (FolderListing.UNAVAILABLE == null) {
            assertThrows(NotDirectoryException.class, () -> FileTrees.entryNames(link));
        }
        assertTrue(FileTrees.entryNamesIfFolder(folder.resolve("file.txt")).isEmpty());
        assertTrue(FileTrees.entryNamesIfFolder(root.resolve("absent")).isEmpty());
    }

    @Test
    void bytesCountsTheRegularFilesAtEveryDepthAndNothingALinkReaches() throws Exception {
        Path outside = OutsideFolder.withAFile(root);
        Path tree = Files.createDirectories(root.resolve("tree/a/b/c"));
        Files.write(tree.getParent().getParent().resolve("one.bin"), new byte[100]);
        Files.write(tree.resolve("two.bin"), new byte[23]);
        Files.createSymbolicLink(tree.resolve("to-folder"), outside);
        Files.createSymbolicLink(tree.resolve("to-file"), outside.resolve("deep/keep.txt"));

        assertEquals(123, FileTrees.bytes(root.resolve("tree")));
    }

    @Test
    void bytesOfWhatIsNoFolderOfItsOwnIsNothing() throws Exception {
        Path outside = OutsideFolder.withAFile(root);
        Path file = Files.writeString(root.resolve("file.txt"), "a file, not a folder");

        assertEquals(0, FileTrees.bytes(root.resolve("never-there")));
        assertEquals(0, FileTrees.bytes(file));
        assertEquals(0, FileTrees.bytes(Files.createSymbolicLink(root.resolve("link"), outside)));
    }
}
