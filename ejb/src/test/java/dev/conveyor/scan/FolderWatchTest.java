package dev.conveyor.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchService;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FolderWatchTest {

    /** What the test endpoints take: not dot names, not their stage folder. */
    private static final Predicate<String> WORK = name -> !name.startsWith(".") && !name.equals("stage");

    @TempDir
    Path root;

    private final BlockingQueue<String> changed = new LinkedBlockingQueue<>();
    private final Set<Path> appeared = ConcurrentHashMap.newKeySet();
    private final Set<Path> written = ConcurrentHashMap.newKeySet();
    private FolderWatch watch;
    private Thread loop;

    @BeforeEach
    void start() throws Exception {
        watch = new FolderWatch((endpoint, changes) -> {
            appeared.addAll(changes.appeared());
            written.addAll(changes.written());
            changed.add(endpoint);
        });
        loop = new Thread(watch, "folder-watch-test");
        loop.start();
    }

    @AfterEach
    void stop() throws Exception {
        watch.close();
        loop.join(5000);
        assertFalse(loop.isAlive(), "closing ends the loop");
    }

    @Test
    void aFileMovedInOrWrittenNamesItsEndpoint() throws Exception {
        Path invoices = Files.createDirectories(root.resolve("invoices"));
        Path orders = Files.createDirectories(root.resolve("orders"));
        watch.watch("invoices", invoices, WORK);
        watch.watch("orders", orders, WORK);

        Path outside = Files.writeString(root.resolve("a.pdf"), "a");
        Files.move(outside, invoices.resolve("a.pdf"), StandardCopyOption.ATOMIC_MOVE);
        assertEquals("invoices", changed.poll(10, TimeUnit.SECONDS));
        drain();
        assertEquals(Set.of(), written, "a file moved in was not written in place");
        assertEquals(Set.of(invoices.resolve("a.pdf")), appeared, "its arrival is told");

        Files.writeString(orders.resolve("b.xml"), "<b/>");
        assertEquals("orders", changed.poll(10, TimeUnit.SECONDS));
        drain();
        assertEquals(Set.of(orders.resolve("b.xml")), written, "a file written in place is told as such");
        assertTrue(appeared.contains(orders.resolve("b.xml")), "created, then written");
    }

    @Test
    void anUnwatchedEndpointHearsNothingAndAMovedFolderIsWatchedAtItsNewPlace() throws Exception {
        Path first = Files.createDirectories(root.resolve("first"));
        Path second = Files.createDirectories(root.resolve("second"));
        watch.watch("docs", first, WORK);
        watch.watch("docs", second, WORK);

        Files.writeString(first.resolve("old.txt"), "x");
        Files.writeString(second.resolve("new.txt"), "y");
        assertEquals("docs", changed.poll(10, TimeUnit.SECONDS));
        drain();
        Files.writeString(first.resolve("old-again.txt"), "x");
        assertNull(changed.poll(500, TimeUnit.MILLISECONDS), "the folder the endpoint left is not watched");

        watch.unwatch("docs");
        assertFalse(watch.watches("docs"));
        Files.writeString(second.resolve("after.txt"), "z");
        assertNull(changed.poll(500, TimeUnit.MILLISECONDS));
    }

    @Test
    void namesThatAreNoWorkTellNothing() throws Exception {
        Path folder = Files.createDirectories(root.resolve("pages"));
        Path stage = Files.createDirectories(folder.resolve("stage"));
        watch.watch("pages", folder, WORK);

        // A job's stage folder made inside stage changes stage's link count: an attribute event on "stage".
        Files.createDirectories(stage.resolve("job-1"));
        Files.writeString(folder.resolve(".part"), "half");
        assertNull(changed.poll(500, TimeUnit.MILLISECONDS), "Conveyor's own folder and a dot name are no work");

        Files.move(folder.resolve(".part"), folder.resolve("whole.pdf"), StandardCopyOption.ATOMIC_MOVE);
        assertEquals("pages", changed.poll(10, TimeUnit.SECONDS), "the rename to a name that is work counts");
        drain();
        assertEquals(Set.of(), written);
        assertEquals(Set.of(folder.resolve("whole.pdf")), appeared, "only the name that is work");
    }

    @Test
    void aDeletedFolderIsNoLongerWatched() throws Exception {
        Path folder = Files.createDirectories(root.resolve("gone"));
        watch.watch("gone", folder, WORK);
        assertTrue(watch.watches("gone"));

        Files.delete(folder);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (watch.watches("gone") && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertFalse(watch.watches("gone"), "the next timer scan watches it again if it comes back");
    }

    @Test
    void caughtUpComesAfterTheEventsOfEveryWriteBeforeIt() throws Exception {
        Path folder = Files.createDirectories(root.resolve("scans"));
        Path stage = Files.createDirectories(folder.resolve("stage"));
        watch.watch("scans", folder, WORK);

        for (int round = 0; round < 20; round++) {
            Path file = folder.resolve("in-place-" + round + ".txt");
            Files.writeString(file, "written here");
            assertTrue(watch.caughtUp("scans", Duration.ofSeconds(10)), "the mark comes through");
            assertTrue(written.contains(file), "the write's event was reported before caughtUp returned");
        }
        try (var left = Files.list(stage)) {
            assertEquals(0, left.count(), "the marks are deleted");
        }
    }

    @Test
    void withoutAStageFolderCatchingUpCannotBeTold() throws Exception {
        Path folder = Files.createDirectories(root.resolve("fresh"));
        watch.watch("fresh", folder, WORK);
        assertFalse(watch.caughtUp("fresh", Duration.ofMillis(100)), "nowhere to put a mark");
        assertFalse(watch.caughtUp("unknown", Duration.ofMillis(100)));

        Files.createDirectories(folder.resolve("stage"));
        watch.watch("fresh", folder, WORK);
        assertTrue(watch.caughtUp("fresh", Duration.ofSeconds(10)), "the stage folder is watched once it exists");
    }

    @Test
    void noMarkIsWrittenThroughALinkPutInPlaceOfTheStageFolder() throws Exception {
        Path folder = Files.createDirectories(root.resolve("shared"));
        Path stage = Files.createDirectories(folder.resolve("stage"));
        watch.watch("shared", folder, WORK);
        assertTrue(watch.caughtUp("shared", Duration.ofSeconds(10)));

        Path outside = Files.createDirectories(root.resolve("outside"));
        Files.move(stage, root.resolve("stage-moved-away"));
        Files.createSymbolicLink(stage, outside);
        // A mark is deleted at once: the outside folder's own events would show one written there.
        try (WatchService outsideEvents = FileSystems.getDefault().newWatchService()) {
            outside.register(outsideEvents, StandardWatchEventKinds.ENTRY_CREATE);
            assertFalse(watch.caughtUp("shared", Duration.ofMillis(200)), "the old folder's watch is no proof now");
            assertNull(outsideEvents.poll(300, TimeUnit.MILLISECONDS), "nothing written through the link");
        }
    }

    /** Events of one write can come in more than one batch. */
    private void drain() throws InterruptedException {
        while (changed.poll(200, TimeUnit.MILLISECONDS) != null) {
            // dropped
        }
    }
}
