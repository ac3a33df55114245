package dev.conveyor.job;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class NameIndexesTest {

    private final Path folder = Path.of("/results");

    @Test
    void afterThePlainNameComesTheIndexAfterTheLastGivenElseOne() {
        NameIndexes indexes = new NameIndexes();
        assertEquals(1, indexes.after(folder, "scan.pdf", false, 0));
        indexes.given(folder, "scan.pdf", false, 41);
        assertEquals(42, indexes.after(folder, "scan.pdf", false, 0));
        assertEquals(43, indexes.after(folder, "scan.pdf", false, 42), "a taken index is followed by the next");
    }

    @Test
    void namesAreNumberedApartByFolderAndByKind() {
        NameIndexes indexes = new NameIndexes();
        indexes.given(folder, "pages", false, 7);
        assertEquals(1, indexes.after(folder, "pages", true, 0), "a folder named as a file counts apart");
        assertEquals(1, indexes.after(Path.of("/other"), "pages", false, 0));
        assertEquals(1, indexes.after(folder, "scan.pdf", false, 0));
    }

    @Test
    void thePlainNameGivenAgainStartsTheNumberingOver() {
        NameIndexes indexes = new NameIndexes();
        indexes.given(folder, "scan.pdf", false, 9);
        indexes.given(folder, "scan.pdf", false, 0);
        assertEquals(1, indexes.after(folder, "scan.pdf", false, 0));
    }

    @Test
    void onlyTheMostRecentlyUsedNamesAreKept() {
        NameIndexes indexes = new NameIndexes();
        indexes.given(folder, "first.pdf", false, 5);
        for (int name = 0; name < 5000; name++) {
            indexes.given(folder, "n" + name + ".pdf", false, 3);
        }
        assertEquals(1, indexes.after(folder, "first.pdf", false, 0), "the oldest forgotten: numbered from the first free index again");
        assertEquals(4, indexes.after(folder, "n4999.pdf", false, 0));
    }
}
