package dev.conveyor.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.conveyor.common.ConveyorHome;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LinkFreePathsTest {

    @TempDir
    Path temporary;

    /** The temporary folder's real path: a link above it (a system's /tmp) would be refused, as it should. */
    private Path root;

    @BeforeEach
    void setUp() throws IOException {
        root = temporary.toRealPath();
    }

    @Test
    void openat2IsThereFromLinux56On() {
        // Linux 5.6 brought openat2: from there on the checks take one call, not a walk.
        Matcher version = Pattern.compile("^(\\d+)\\.(\\d+)").matcher(System.getProperty("os.version"));
        assertTrue(version.find(), System.getProperty("os.version"));
        int major = Integer.parseInt(version.group(1));
        int minor = Integer.parseInt(version.group(2));
        if (major < 5 || major == 5 && minor < 6) {
            assertNotNull(LinkFreePaths.UNAVAILABLE, "Linux " + major + "." + minor);
        } else if (!ConveyorHome.openat2Allowed()) {
            // Switched off where these tests run (CONVEYOR_OPENAT2=off), it is not tried.
            assertEquals("switched off (CONVEYOR_OPENAT2)", LinkFreePaths.UNAVAILABLE);
        } else if (LinkFreePaths.UNAVAILABLE != null) {
            // A container's system-call filter may refuse it on a later kernel, as not permitted or not implemented; any
            // other reason (the call not linked, say) is a fault of Conveyor's.
            assertTrue(LinkFreePaths.UNAVAILABLE.matches("openat2 was refused \\(errno (1|38)\\).*"), LinkFreePaths.UNAVAILABLE);
        }
    }

    @Test
    void switchedOffItIsNeverTried() {
        assertEquals("switched off (CONVEYOR_OPENAT2)", LinkFreePaths.register(false));
    }

    @Test
    void theSwitchIsReadWhenTheClassLoads() throws Exception {
        // In a JVM of its own: in this one the class is loaded already, with whatever the tests' environment says.
        assertEquals("switched off (CONVEYOR_OPENAT2)", unavailableInAJvmWith("-Dconveyor.openat2=off"));
        assertEquals("switched off (CONVEYOR_OPENAT2)", unavailableInAJvmWith("-Dconveyor.openat2=No"));
        String on = unavailableInAJvmWith("-Dconveyor.openat2=on");
        assertFalse(on.startsWith("switched off"), on);
    }

    /** What {@link LinkFreePaths#UNAVAILABLE} says in a new JVM started with {@code setting}. */
    private static String unavailableInAJvmWith(String setting) throws Exception {
        Process probe = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), setting,
                "-cp", System.getProperty("java.class.path"), SwitchProbe.class.getName()).redirectErrorStream(true).start();
        String told = new String(probe.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertEquals(0, probe.waitFor(), told);
        return told;
    }

    /** Prints {@link LinkFreePaths#UNAVAILABLE} as the class loaded it. */
    static final class SwitchProbe {
        public static void main(String[] arguments) {
            System.out.println(LinkFreePaths.UNAVAILABLE);
        }
    }

    @Test
    void aFolderWithNoLinkOnItsPathOpensAndEveryOtherPathIsRefused() throws IOException {
        assumeTrue(LinkFreePaths.UNAVAILABLE == null, "openat2 is not available here (see openat2IsThereFromLinux56On)");
        Path deep = Files.createDirectories(root.resolve("watched/stage/job/1/out"));
        Path away = Files.createDirectories(root.resolve("away/stage"));
        Files.createSymbolicLink(root.resolve("linked"), root.resolve("away"));
        Path file = Files.writeString(root.resolve("watched/file.txt"), "a file");

        assertTrue(LinkFreePaths.isFolderWithoutLinks(deep));
        assertTrue(LinkFreePaths.isFolderWithoutLinks(away));
        assertFalse(LinkFreePaths.isFolderWithoutLinks(root.resolve("linked")), "a link in the last place");
        assertFalse(LinkFreePaths.isFolderWithoutLinks(root.resolve("linked/stage")), "a link on the way, though it leads to a folder");
        assertFalse(LinkFreePaths.isFolderWithoutLinks(root.resolve("watched/missing")));
        assertFalse(LinkFreePaths.isFolderWithoutLinks(file));
        assertFalse(LinkFreePaths.isFolderWithoutLinks(file.resolve("below")));
    }

    @Test
    void aCheckWalksWhereTheWholePathHasALinkAboveTheRootAndStillRefusesOneBelowIt() throws IOException {
        Files.createDirectories(root.resolve("real/watched/stage"));
        Path linkedRoot = Files.createSymbolicLink(root.resolve("share"), root.resolve("real"));
        Files.createSymbolicLink(root.resolve("real/watched/away"), root);
        Confinement confinement = new Confinement(List.of(linkedRoot));

        assertFalse(LinkFreePaths.isFolderWithoutLinks(linkedRoot.resolve("watched/stage")), "the root is a link");
        assertEquals(linkedRoot.resolve("watched/stage"), confinement.check(linkedRoot.resolve("watched/stage")));
        UnsafeFolderException refused = assertThrows(UnsafeFolderException.class,
                () -> confinement.check(linkedRoot.resolve("watched/away/stage")));
        assertTrue(refused.getMessage().contains("away"), refused.getMessage());
    }
}
