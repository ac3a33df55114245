package dev.conveyor.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultFilesTest {

    @TempDir
    Path dir;

    /** The file itself goes, by a second name and the removal of the first: no new file is made and written over. */
    @Test
    void aFileMovedByLinkKeepsItsIdentityAndTakesTheFirstFreeName() throws IOException {
        Path source = Files.writeString(Files.createDirectories(dir.resolve("work")).resolve("a.txt"), "content");
        Object identity = Files.readAttributes(source, BasicFileAttributes.class).fileKey();
        Files.writeString(Files.createDirectories(dir.resolve("out/sub")).resolve("a.txt"), "taken");

        Path moved = ResultFiles.moveByLink(source, dir.resolve("out/sub"), "a.txt");

        assertEquals(dir.resolve("out/sub/a_1.txt"), moved);
        assertEquals(identity, Files.readAttributes(moved, BasicFileAttributes.class).fileKey());
        assertEquals(1, (int) Files.getAttribute(moved, "unix:nlink"), "the work name is gone");
        assertEquals("taken", Files.readString(dir.resolve("out/sub/a.txt")));
        assertFalse(Files.exists(source));
    }

    @Test
    void aCrowdedNameIsNumberedOnFromWhereItStandsAndARetryStillFindsItsOwnLink() throws IOException {
        Path results = Files.createDirectories(dir.resolve("result"));
        for (int index = 0; index < 5; index++) {
            Files.writeString(results.resolve(index == 0 ? "scan.pdf" : "scan_" + index + ".pdf"), "someone else's " + index);
        }
        Path first = staged("first");
        assertEquals(results.resolve("scan_5.pdf"), linkInto(first, results));
        Files.delete(results.resolve("scan_2.pdf"));
        Path second = staged("second");
        assertEquals(results.resolve("scan_6.pdf"), linkInto(second, results), "numbered on from the last given, not from a gap");
        Files.writeString(results.resolve("scan_7.pdf"), "someone else's 7");

        assertEquals(results.resolve("scan_5.pdf"), linkInto(first, results), "a retry finds its own link below where numbering stands");
        assertEquals(results.resolve("scan_8.pdf"), linkInto(staged("third"), results));
        assertEquals("first", Files.readString(results.resolve("scan_5.pdf")));
        assertEquals("someone else's 0", Files.readString(results.resolve("scan.pdf")), "nothing overwritten");
        assertEquals("someone else's 7", Files.readString(results.resolve("scan_7.pdf")));

        Files.delete(results.resolve("scan.pdf"));
        assertEquals(results.resolve("scan.pdf"), linkInto(staged("fourth"), results));
        Files.delete(results.resolve("scan_1.pdf"));
        assertEquals(results.resolve("scan_1.pdf"), linkInto(staged("fifth"), results), "the plain name given again starts the numbering over");
    }

    /** A file as a job's output folder stages it: one name, in a folder of its own. */
    private Path staged(String content) throws IOException {
        return Files.writeString(Files.createDirectories(dir.resolve("stage").resolve(content)).resolve("scan.pdf"), content);
    }

    private static Path linkInto(Path staged, Path folder) throws IOException {
        Object identity = Files.readAttributes(staged, BasicFileAttributes.class).fileKey();
        return ResultFiles.linkInto(staged, identity, () -> 1, folder, "scan.pdf").orElseThrow();
    }

    @Test
    void aFolderMovedByLinkIsRenamedAsAWhole() throws IOException {
        Path folder = Files.createDirectories(dir.resolve("work/pages"));
        Files.writeString(folder.resolve("1.txt"), "one");

        Path moved = ResultFiles.moveByLink(folder, dir.resolve("out"), "pages");

        assertEquals(dir.resolve("out/pages"), moved);
        assertEquals("one", Files.readString(moved.resolve("1.txt")));
        assertFalse(Files.exists(folder));
    }

    @Test
    void moveIntoCreatesTheTargetFolderAndKeepsTheName() throws IOException {
        Path source = Files.writeString(dir.resolve("a.txt"), "content");

        Path moved = ResultFiles.moveInto(source, dir.resolve("x/y"), "a.txt", false);

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

        Path moved = ResultFiles.moveInto(source, target, "a.txt", false);

        assertEquals(target.resolve("a_3.txt"), moved);
        assertEquals("0", Files.readString(target.resolve("a.txt")));
        assertEquals("new", Files.readString(moved));
    }

    @Test
    void moveIntoCanRenameTheItem() throws IOException {
        Path source = Files.writeString(dir.resolve("tmp-123"), "content");

        Path moved = ResultFiles.moveInto(source, dir.resolve("out"), "invoice.pdf", false);

        assertEquals(dir.resolve("out/invoice.pdf"), moved);
    }

    private Path folderWith(String name, String... files) throws IOException {
        Path folder = Files.createDirectories(dir.resolve(name));
        for (String file : files) {
            Path path = folder.resolve(file);
            Files.createDirectories(path.getParent());
            Files.writeString(path, file + " from " + name);
        }
        return folder;
    }

    @Test
    void moveIntoMovesAFolderWholeUnderItsName() throws IOException {
        Path source = folderWith("src/pages", "1.png", "sub/2.png");

        Path moved = ResultFiles.moveInto(source, dir.resolve("out"), "pages", false);

        assertEquals(dir.resolve("out/pages"), moved);
        assertEquals("1.png from src/pages", Files.readString(moved.resolve("1.png")));
        assertEquals("sub/2.png from src/pages", Files.readString(moved.resolve("sub/2.png")));
        assertFalse(Files.exists(source));
    }

    @Test
    void takenFolderNameGetsTheIndexAtTheEndAndTheOldFolderIsLeftAlone() throws IOException {
        Path out = folderWith("out/pages.d", "1.png");
        Path source = folderWith("src/pages.d", "1.png", "2.png");

        Path moved = ResultFiles.moveInto(source, out.getParent(), "pages.d", false);

        assertEquals(dir.resolve("out/pages.d_1"), moved);
        assertEquals(List.of("1.png"), listing(out));
        assertEquals("1.png from out/pages.d", Files.readString(out.resolve("1.png")));
        assertEquals(List.of("1.png", "2.png"), listing(moved));
        assertEquals("1.png from src/pages.d", Files.readString(moved.resolve("1.png")));
    }

    @Test
    void fileDoesNotTakeTheNameOfAFolderAndViceVersa() throws IOException {
        Path out = Files.createDirectories(dir.resolve("out"));
        Files.createDirectory(out.resolve("report"));
        Files.writeString(out.resolve("pages"), "a file named pages");

        assertEquals(out.resolve("report_1"), ResultFiles.moveInto(Files.writeString(dir.resolve("report"), "r"), out, "report", false));
        assertEquals(out.resolve("pages_1"), ResultFiles.moveInto(folderWith("pages", "1.png"), out, "pages", false));
        assertTrue(Files.isDirectory(out.resolve("report")));
        assertEquals("a file named pages", Files.readString(out.resolve("pages")));
    }

    @Test
    void overwriteReplacesAFileOfTheSameName() throws IOException {
        Path out = Files.createDirectories(dir.resolve("out"));
        Files.writeString(out.resolve("a.txt"), "old");
        Path source = Files.writeString(dir.resolve("a.txt"), "new");

        Path moved = ResultFiles.moveInto(source, out, "a.txt", true);

        assertEquals(out.resolve("a.txt"), moved);
        assertEquals("new", Files.readString(moved));
        assertEquals(List.of("a.txt"), listing(out));
        assertFalse(Files.exists(source));
    }

    @Test
    void overwriteWithoutAnExistingFileJustMoves() throws IOException {
        Path source = Files.writeString(dir.resolve("a.txt"), "new");

        assertEquals(dir.resolve("out/a.txt"), ResultFiles.moveInto(source, dir.resolve("out"), "a.txt", true));
        assertEquals("new", Files.readString(dir.resolve("out/a.txt")));
    }

    @Test
    void overwriteMergesAFolderReplacingTheFilesItHoldsAndKeepingTheOthers() throws IOException {
        Path out = folderWith("out/pages", "keep.png", "same.png", "sub/old.png", "sub/same.png");
        Path source = folderWith("src/pages", "same.png", "new.png", "sub/same.png", "deeper/x.png");

        Path moved = ResultFiles.moveInto(source, out.getParent(), "pages", true);

        assertEquals(out, moved);
        assertEquals(List.of("deeper", "keep.png", "new.png", "same.png", "sub"), listing(out));
        assertEquals("keep.png from out/pages", Files.readString(out.resolve("keep.png")));
        assertEquals("same.png from src/pages", Files.readString(out.resolve("same.png")));
        assertEquals("new.png from src/pages", Files.readString(out.resolve("new.png")));
        assertEquals(List.of("old.png", "same.png"), listing(out.resolve("sub")));
        assertEquals("sub/old.png from out/pages", Files.readString(out.resolve("sub/old.png")));
        assertEquals("sub/same.png from src/pages", Files.readString(out.resolve("sub/same.png")));
        assertEquals("deeper/x.png from src/pages", Files.readString(out.resolve("deeper/x.png")));
        assertFalse(Files.exists(source));
    }

    @Test
    void overwriteReplacesAFolderWithAFileOfItsNameAndAFileWithAFolder() throws IOException {
        Path out = Files.createDirectories(dir.resolve("out"));
        folderWith("out/report", "old.txt");
        Files.writeString(out.resolve("pages"), "a file named pages");

        ResultFiles.moveInto(Files.writeString(dir.resolve("report"), "the report"), out, "report", true);
        ResultFiles.moveInto(folderWith("src/pages", "1.png"), out, "pages", true);

        assertEquals("the report", Files.readString(out.resolve("report")));
        assertEquals(List.of("1.png"), listing(out.resolve("pages")));
        assertEquals(List.of("pages", "report"), listing(out));
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
        Files.createDirectories(dir.resolve("tree/empty"));
        Files.createDirectories(dir.resolve("alone"));

        ResultFiles.deleteTree(dir.resolve("alone"));
        ResultFiles.deleteTree(dir.resolve("tree"));
        ResultFiles.deleteTree(dir.resolve("tree"));

        assertFalse(Files.exists(dir.resolve("tree")));
        assertFalse(Files.exists(dir.resolve("alone")));
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

    private static List<String> listing(Path folder) throws IOException {
        try (var children = Files.list(folder)) {
            return children.map(path -> path.getFileName().toString()).sorted().toList();
        }
    }
}
