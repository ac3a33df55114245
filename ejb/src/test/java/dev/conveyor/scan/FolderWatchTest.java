package dev.conveyor.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FolderWatchTest {

    @TempDir
    Path root;

    private final BlockingQueue<String> changed = new LinkedBlockingQueue<>();
    private final Set<Path> written = ConcurrentHashMap.newKeySet();
    private FolderWatch watch;
    private Thread loop;

    @BeforeEach
    void start() throws Exception {
        watch = new FolderWatch((endpoint, writtenInPlace, lost) -> {
            written.addAll(writtenInPlace);
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
        watch.watch("invoices", invoices);
        watch.watch("orders", orders);

        Path outside = Files.writeString(root.resolve("a.pdf"), "a");
        Files.move(outside, invoices.resolve("a.pdf"), StandardCopyOption.ATOMIC_MOVE);
        assertEquals("invoices", changed.poll(10, TimeUnit.SECONDS));
        drain();
        assertEquals(Set.of(), written, "a file moved in was not written in place");

        Files.writeString(orders.resolve("b.xml"), "<b/>");
        assertEquals("orders", changed.poll(10, TimeUnit.SECONDS));
        drain();
        assertEquals(Set.of(orders.resolve("b.xml")), written, "a file written in place is told as such");
    }

    @Test
    void anUnwatchedEndpointHearsNothingAndAMovedFolderIsWatchedAtItsNewPlace() throws Exception {
        Path first = Files.createDirectories(root.resolve("first"));
        Path second = Files.createDirectories(root.resolve("second"));
        watch.watch("docs", first);
        watch.watch("docs", second);

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
    void aDeletedFolderIsNoLongerWatched() throws Exception {
        Path folder = Files.createDirectories(root.resolve("gone"));
        watch.watch("gone", folder);
        assertTrue(watch.watches("gone"));

        Files.delete(folder);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (watch.watches("gone") && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertFalse(watch.watches("gone"), "the next timer scan watches it again if it comes back");
    }

    /** Events of one write can come in more than one batch. */
    private void drain() throws InterruptedException {
        while (changed.poll(200, TimeUnit.MILLISECONDS) != null) {
            // dropped
        }
    }
}
