package dev.conveyor.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.files.Confinement;
import dev.conveyor.files.FileTrees;
import dev.conveyor.files.UnsafeFolderException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A finished child's results coming back into its parent's stage folder, where droppers may write too. */
class FragmentsTest {

    @TempDir
    Path root;

    /** A folder outside the allowed root. */
    @TempDir
    Path outside;

    private Confinement confinement;
    private StageFolder parent;
    private Path childWatched;

    @BeforeEach
    void setUp() throws IOException {
        confinement = new Confinement(List.of(root));
        parent = StageFolder.of(Files.createDirectories(root.resolve("split")), "parent-1").create(confinement);
        childWatched = Files.createDirectories(root.resolve("pages"));
        Files.writeString(Files.createDirectories(childWatched.resolve("result")).resolve("page.txt"), "the child's result");
    }

    @Test
    void aChildsResultsAreCopiedIntoTheParentsSlotReplacingAnEarlierCopy() throws IOException {
        Path slot = Fragments.folder(parent).resolve("00001");
        Files.writeString(Files.createDirectories(slot).resolve("left.txt"), "an earlier attempt's copy");

        Fragments.returnToParent(childWatched, List.of("result/page.txt"), parent, 1, confinement);

        assertEquals(Set.of("page.txt"), FileTrees.names(slot));
        assertEquals("the child's result", Files.readString(slot.resolve("page.txt")));
    }

    @Test
    void aLinkInPlaceOfTheFragmentsFolderIsRefusedAndNothingBehindItIsTouched() throws IOException {
        Path kept = Files.writeString(Files.createDirectories(outside.resolve("00001")).resolve("keep.txt"), "someone else's");
        Files.createSymbolicLink(Fragments.folder(parent), outside);

        UnsafeFolderException refused = assertThrows(UnsafeFolderException.class,
                () -> Fragments.returnToParent(childWatched, List.of("result/page.txt"), parent, 1, confinement));

        assertTrue(refused.getMessage().startsWith("CNV-8001-E " + Fragments.folder(parent)), refused.getMessage());
        assertEquals("someone else's", Files.readString(kept));
        assertEquals(Set.of("keep.txt"), FileTrees.names(outside.resolve("00001")));
    }
}
