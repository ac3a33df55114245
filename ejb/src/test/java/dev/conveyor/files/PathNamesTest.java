package dev.conveyor.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class PathNamesTest {

    private static final Path BASE = Path.of("/roots/in/result");

    @Test
    void plainNamesPass() {
        for (String name : new String[] {"report.pdf", "...txt", ".hidden", "a b", "Übersicht.txt", "x..y"}) {
            assertNull(PathNames.problemWith(name), name);
        }
    }

    @Test
    void dotsSeparatorsAndControlCharactersAreRefused() {
        for (String name : new String[] {"", ".", "..", "a/b", "..\\x", "nul\0.txt", "line\nbreak", "tab\t", "bell\u0007"}) {
            assertThrows(UnsafeNameException.class, () -> PathNames.requirePlain(name, "a test"), name);
        }
    }

    @Test
    void aRefusalNamesTheValueWithItsControlCharactersShown() {
        UnsafeNameException refused = assertThrows(UnsafeNameException.class, () -> PathNames.requirePlain("a\nb", "%F"));
        assertTrue(refused.getMessage().startsWith("CNV-8004-E The name 'a\\u000ab' (%F)"), refused.getMessage());
    }

    @Test
    void aRelativePathStaysInsideItsBase() {
        assertEquals(BASE.resolve("2026/11/a.txt"), PathNames.inside(BASE, "2026/./11/a.txt", "a test"));
        assertEquals(BASE.resolve("b"), PathNames.inside(BASE, "a/../b", "a test"));
    }

    @Test
    void climbingAbsoluteAndControlCharacterPathsAreRefused() {
        for (String relative : new String[] {"..", "../x", "a/../../x", "/etc/passwd", "a\0b", "a/\u001b/b"}) {
            assertThrows(UnsafeNameException.class, () -> PathNames.inside(BASE, relative, "a test"), relative);
        }
    }

    @Test
    void aPathBelowAFolderIsTheRestOfItsNamesAsRelativizeGivesThem() {
        for (String inside : new String[] {"a.txt", "2026/11/a.txt", ""}) {
            Path path = BASE.resolve(inside);
            assertEquals(BASE.relativize(path), PathNames.below(BASE, path), inside);
        }
        assertEquals(Path.of("roots/in"), PathNames.below(Path.of("/"), Path.of("/roots/in")));
        assertThrows(IllegalArgumentException.class, () -> PathNames.below(BASE, Path.of("/roots/in/results/a.txt")));
        assertThrows(IllegalArgumentException.class, () -> PathNames.below(BASE, BASE.getParent()));
    }
}
