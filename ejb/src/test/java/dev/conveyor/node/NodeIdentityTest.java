package dev.conveyor.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NodeIdentityTest {

    @TempDir
    Path folder;

    @Test
    void aNodeStartedAgainInItsFolderHasTheIdOfItsPreviousStart() {
        String first;
        try (NodeIdentity start = NodeIdentity.take(folder, "host-a")) {
            first = start.id();
            assertEquals(NodeIdentity.Origin.NEW, start.origin());
        }
        try (NodeIdentity again = NodeIdentity.take(folder, "host-a")) {
            assertEquals(first, again.id());
            assertEquals(NodeIdentity.Origin.KEPT, again.origin());
        }
    }

    @Test
    void aSecondLiveProcessOnTheSameFolderTakesANewIdAndLeavesTheFileAlone() throws IOException {
        try (NodeIdentity running = NodeIdentity.take(folder, "host-a");
             NodeIdentity second = NodeIdentity.take(folder, "host-a")) {
            assertNotEquals(running.id(), second.id());
            assertEquals(NodeIdentity.Origin.NOT_KEPT, second.origin());
            assertTrue(second.why().contains("held by another live process"), second.why());
            assertTrue(Files.readString(folder.resolve(NodeIdentity.FILE)).startsWith(running.id() + "\n"));
        }
        try (NodeIdentity afterBoth = NodeIdentity.take(folder, "host-a")) {
            assertEquals(NodeIdentity.Origin.KEPT, afterBoth.origin(), "the file's lock went with its holder");
        }
    }

    @Test
    void aFolderCopiedToAnotherPathOrHostRunsUnderANewId(@TempDir Path elsewhere) throws IOException {
        String original;
        try (NodeIdentity start = NodeIdentity.take(folder, "host-a")) {
            original = start.id();
        }
        Files.copy(folder.resolve(NodeIdentity.FILE), elsewhere.resolve(NodeIdentity.FILE));
        try (NodeIdentity copy = NodeIdentity.take(elsewhere, "host-a")) {
            assertNotEquals(original, copy.id(), "a copy at another path");
            assertEquals(NodeIdentity.Origin.NEW, copy.origin());
        }
        try (NodeIdentity otherHost = NodeIdentity.take(folder, "host-b")) {
            assertNotEquals(original, otherHost.id(), "the same path on another machine");
        }
    }

    @Test
    void anUnwritableFolderGivesAnIdKeptNowhere() throws IOException {
        Path missing = folder.resolve("not-there");
        try (NodeIdentity identity = NodeIdentity.take(missing, "host-a")) {
            assertEquals(NodeIdentity.Origin.NOT_KEPT, identity.origin());
            assertTrue(identity.why().contains("cannot be opened"), identity.why());
        }
    }
}
