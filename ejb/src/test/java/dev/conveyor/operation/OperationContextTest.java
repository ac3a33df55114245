package dev.conveyor.operation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OperationContextTest {

    @TempDir
    Path folder;

    @Test
    void theFirstDocumentLiesInTheWorkFolderItselfAndEachLaterOneInAFolderOfItsOwn() throws IOException {
        Path work = folder.resolve("work");
        OperationContext context = new OperationContext(Map.of(), work);

        Document first = context.newDocument("page.txt");
        Document second = context.newDocument("page.txt");
        Document third = context.newDocument("sub/page.txt");

        assertEquals(work.resolve("page.txt"), first.path());
        assertEquals(work, second.path().getParent().getParent());
        assertEquals(work, third.path().getParent().getParent());
        assertEquals(3, Set.copyOf(List.of(first.path(), second.path(), third.path())).size());
        assertEquals("sub/page.txt", third.name(), "the name wished for is kept, the path holds its last part");
        assertTrue(Files.isDirectory(second.path().getParent()) && Files.isDirectory(third.path().getParent()));
    }

    /** The first document may be named like the folders of later ones, and not be written yet when they are made. */
    @Test
    void aFirstDocumentNamedLikeANumberKeepsItsPlace() throws IOException {
        Path work = folder.resolve("work");
        OperationContext context = new OperationContext(Map.of(), work);

        Document numbered = context.newDocument("2");
        Set<Path> later = new HashSet<>();
        for (int document = 0; document < 3; document++) {
            later.add(context.newDocument("2").path().getParent());
        }

        assertEquals(work.resolve("2"), numbered.path());
        assertEquals(3, later.size());
        assertTrue(later.stream().noneMatch(parent -> parent.equals(numbered.path())), later.toString());
        Files.writeString(numbered.path(), "written last");
    }

    /** The pipeline's context: the folder made or checked empty for the call, so the first document is put there unlooked. */
    @Test
    void inANewFolderTheFirstDocumentLiesInItAndEachLaterOneInAFolderOfItsOwn() throws IOException {
        Path work = Files.createDirectories(folder.resolve("work"));
        OperationContext context = OperationContext.inNewFolder(Map.of(), work);

        Document first = context.newDocument("page.txt");
        Files.writeString(first.path(), "first");
        Document second = context.newDocument("page.txt");
        Document numbered = context.newDocument("2");

        assertEquals(work.resolve("page.txt"), first.path());
        assertEquals(work, second.path().getParent().getParent());
        assertEquals(work, numbered.path().getParent().getParent());
        assertEquals(3, Set.of(first.path(), second.path(), numbered.path()).size());
    }

    @Test
    void aWorkFolderAlreadyHoldingTheNameGivesTheFirstDocumentAFolderOfItsOwn() throws IOException {
        Path work = Files.createDirectories(folder.resolve("work"));
        Files.writeString(work.resolve("page.txt"), "someone else's");
        Files.createDirectory(work.resolve("1"));

        Document first = new OperationContext(Map.of(), work).newDocument("page.txt");

        assertEquals(work.resolve("2/page.txt"), first.path());
        assertEquals("someone else's", Files.readString(work.resolve("page.txt")));
    }

    @Test
    void aLinkPutWhereAnOutputIsToBeWrittenIsNotWrittenThrough() throws IOException {
        Path work = folder.resolve("work");
        Document output = new OperationContext(Map.of(), work).newDocument("result.txt");
        Path elsewhere = Files.writeString(folder.resolve("elsewhere.txt"), "someone else's");
        Files.createDirectories(work);
        Files.createSymbolicLink(output.path(), elsewhere);

        assertThrows(FileAlreadyExistsException.class, output::openNew);

        assertEquals("someone else's", Files.readString(elsewhere));
    }
}
