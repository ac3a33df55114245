package dev.conveyor.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultFilesTest {

    @TempDir
    Path dir;

    @Test
    void moveIntoCreatesTheTargetFolderAndKeepsTheName() throws IOException {
        Path source = Files.writeString(dir.resolve("a.txt"), "content");

        Path moved = ResultFiles.moveInto(source, dir.resolve("x/y"), "a.txt");

        assertEquals(dir.resolve("x/y/a.txt"), moved);
        assertEquals("content", Files.readString(moved));
        assertFalse(Files.exists(source));
    }

    @Test
    void moveIntoSkipsEveryTakenIndex() throws IOException {
        Path target = Files.createDirectories(dir.resolve("out"));
        Files.writeString(target.resolve("a.txt"), "0");
        Files.writeString(target.resolve("a_1.txt"), "1");
        Files.writeString(target.resolve("a_2.txt"), "2");
        Path source = Files.writeString(dir.resolve("a.txt"), "new");

        Path moved = ResultFiles.moveInto(source, target, "a.txt");

        assertEquals(target.resolve("a_3.txt"), moved);
        assertEquals("0", Files.readString(target.resolve("a.txt")));
        assertEquals("new", Files.readString(moved));
    }

    @Test
    void moveIntoCanRenameTheItem() throws IOException {
        Path source = Files.writeString(dir.resolve("tmp-123"), "content");

        Path moved = ResultFiles.moveInto(source, dir.resolve("out"), "invoice.pdf");

        assertEquals(dir.resolve("out/invoice.pdf"), moved);
    }

    @Test
    void createFreeFolderAppendsTheIndexToTheWholeName() throws IOException {
        assertEquals(dir.resolve("f/scan.pdf"), ResultFiles.createFreeFolder(dir.resolve("f"), "scan.pdf"));
        assertEquals(dir.resolve("f/scan.pdf_1"), ResultFiles.createFreeFolder(dir.resolve("f"), "scan.pdf"));
        assertEquals(dir.resolve("f/scan.pdf_2"), ResultFiles.createFreeFolder(dir.resolve("f"), "scan.pdf"));
        assertTrue(Files.isDirectory(dir.resolve("f/scan.pdf_2")));
    }

    @Test
    void deleteTreeRemovesFoldersAndFilesAndToleratesAMissingRoot() throws IOException {
        Path tree = Files.createDirectories(dir.resolve("tree/a/b"));
        Files.writeString(tree.resolve("file"), "x");
        Files.writeString(dir.resolve("tree/top"), "y");

        ResultFiles.deleteTree(dir.resolve("tree"));
        ResultFiles.deleteTree(dir.resolve("tree"));

        assertFalse(Files.exists(dir.resolve("tree")));
    }

    @Test
    void deleteTreeDoesNotFollowLinksOutOfTheTree() throws IOException {
        Path keep = Files.createDirectories(dir.resolve("keep"));
        Files.writeString(keep.resolve("precious"), "x");
        Path tree = Files.createDirectories(dir.resolve("tree"));
        Files.createSymbolicLink(tree.resolve("link"), keep);

        ResultFiles.deleteTree(tree);

        assertFalse(Files.exists(tree));
        assertTrue(Files.exists(keep.resolve("precious")));
    }
}
