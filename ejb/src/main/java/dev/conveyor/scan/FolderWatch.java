package dev.conveyor.scan;

import static java.nio.file.StandardWatchEventKinds.ENTRY_CREATE;
import static java.nio.file.StandardWatchEventKinds.ENTRY_MODIFY;
import static java.nio.file.StandardWatchEventKinds.OVERFLOW;

import dev.conveyor.endpoint.Endpoint;
import dev.conveyor.job.StageFolder;
import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;

/**
 * File-system events for the watched folders this node scans: a name created, moved in or written
 * at the top of an endpoint's folder tells the listener that endpoint's name, which names appeared
 * and which files were written in place, so a scan can come at once instead of at the next tick of
 * its timer. Only
 * names that are work count: Conveyor's own stage and result folders change with every job, and a
 * name the endpoint excludes (a file still written under a dot name) is nothing to scan for. Events
 * only hurry scans: the timer scan stays, for what events miss (an overflow, a network share,
 * files changing inside a job folder). {@link #run()} is the loop that waits for events, on a
 * thread of the caller's.
 * <p>
 * The endpoint's stage folder is watched too, for {@link #caughtUp}'s marks only: the kernel
 * queues the events of all the folders in one queue, in the order they happen, so once the mark
 * written after a look is seen, every event of the watched folder from before that look has been
 * reported.
 */
public final class FolderWatch implements Runnable, AutoCloseable {

    /** Told of each batch of events; must not throw. */
    public interface Listener {

        /** One batch of an endpoint's events. */
        void changed(String endpoint, Changes changes);
    }

    /**
     * {@code appeared}: the names created or moved in while watched; {@code written}: the files
     * written in place (a name may be in both: a copy creates, then writes); {@code lost}: events
     * were dropped, so anything may have happened.
     */
    public record Changes(Set<Path> appeared, Set<Path> written, boolean lost) {
    }

    /** {@code marks}: the stage folder's key, null while that folder does not exist (no catch-up then). */
    private record Watched(Path folder, Predicate<String> work, WatchKey key, WatchKey marks) {

        boolean marksValid() {
            return marks != null && marks.isValid();
        }
    }

    private final WatchService service;
    private final Listener changed;
    private final Map<String, Watched> byEndpoint = new ConcurrentHashMap<>();
    private final Map<WatchKey, String> byKey = new ConcurrentHashMap<>();
    /** The marks written and not seen yet, by name, each with its waiter. */
    private final Map<String, CountDownLatch> marksAwaited = new ConcurrentHashMap<>();
    private final AtomicLong marksMade = new AtomicLong();

    public FolderWatch(Listener changed) throws IOException {
        this.service = FileSystems.getDefault().newWatchService();
        this.changed = changed;
    }

    /**
     * Watches the endpoint's folder, or its new folder if it moved, for events on the names
     * {@code work} accepts, and its stage folder once that exists; nothing to do if both are
     * watched already.
     */
    public void watch(String endpoint, Path folder, Predicate<String> work) throws IOException {
        Watched current = byEndpoint.get(endpoint);
        boolean folderWatched = current != null && current.folder().equals(folder) && current.key().isValid();
        if (folderWatched && current.marksValid()) {
            // Asked at every timer scan: nothing looked at when there is nothing to do.
            return;
        }
        Path stage = folder.resolve(Endpoint.STAGE_FOLDER);
        boolean stageThere = Files.isDirectory(stage, LinkOption.NOFOLLOW_LINKS);
        if (folderWatched) {
            if (!stageThere) {
                return;
            }
            WatchKey marks = stage.register(service, ENTRY_CREATE);
            byKey.put(marks, endpoint);
            byEndpoint.put(endpoint, new Watched(folder, work, current.key(), marks));
            return;
        }
        unwatch(endpoint);
        WatchKey key = folder.register(service, ENTRY_CREATE, ENTRY_MODIFY);
        byKey.put(key, endpoint);
        WatchKey marks = stageThere ? stage.register(service, ENTRY_CREATE) : null;
        if (marks != null) {
            byKey.put(marks, endpoint);
        }
        byEndpoint.put(endpoint, new Watched(folder, work, key, marks));
    }

    /** Stops the events of one endpoint (deleted, changed, or scanned by another node now). */
    public void unwatch(String endpoint) {
        Watched watched = byEndpoint.remove(endpoint);
        if (watched != null) {
            byKey.remove(watched.key());
            watched.key().cancel();
            if (watched.marks() != null) {
                byKey.remove(watched.marks());
                watched.marks().cancel();
            }
        }
    }

    public boolean watches(String endpoint) {
        return byEndpoint.containsKey(endpoint);
    }

    /**
     * True once every event of the endpoint's folder that the kernel queued before this call has
     * been reported to the listener; false when that is not known within {@code timeout} (events
     * lost, a busy machine) or cannot be asked (the folder or its stage folder not watched). It
     * creates and deletes a mark in the stage folder and waits for the watch's thread to see it.
     */
    public boolean caughtUp(String endpoint, Duration timeout) {
        Watched watched = byEndpoint.get(endpoint);
        if (watched == null || !watched.marksValid()) {
            return false;
        }
        String name = StageFolder.EVENTS_MARK_PREFIX + marksMade.incrementAndGet();
        CountDownLatch seen = new CountDownLatch(1);
        marksAwaited.put(name, seen);
        Path stage = (Path) watched.marks().watchable();
        try {
            // A stage folder replaced by a link since the scan checked it is not written through; CREATE_NEW never
            // follows a link in the mark's own place.
            if (!Files.isDirectory(stage, LinkOption.NOFOLLOW_LINKS)) {
                return false;
            }
            Path mark = Files.createFile(stage.resolve(name));
            Files.delete(mark);
            return seen.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } finally {
            marksAwaited.remove(name);
        }
    }

    /** Waits for events and reports each endpoint once per batch of them, until {@link #close()}. */
    @Override
    public void run() {
        try {
            while (true) {
                WatchKey key = service.take();
                String endpoint = byKey.get(key);
                Watched watched = endpoint == null ? null : byEndpoint.get(endpoint);
                if (watched != null && key.equals(watched.marks())) {
                    List<CountDownLatch> marksSeen = marksSeen(key.pollEvents());
                    key.reset();
                    if (!marksSeen.isEmpty()) {
                        // What the folder's key holds now was queued before the mark, or just after: reported first.
                        report(endpoint, watched, watched.key().pollEvents());
                        marksSeen.forEach(CountDownLatch::countDown);
                    }
                    continue;
                }
                List<WatchEvent<?>> events = key.pollEvents();
                if (!key.reset() && endpoint != null) {
                    // The folder is gone or was replaced: the next timer scan finds out and watches again.
                    unwatch(endpoint);
                }
                if (endpoint != null) {
                    report(endpoint, watched, events);
                }
            }
        } catch (ClosedWatchServiceException | InterruptedException stopped) {
            Thread.currentThread().interrupt();
        }
    }

    /** Tells the listener of a batch of the folder's events, if one of them is work or events were lost. */
    private void report(String endpoint, Watched watched, List<WatchEvent<?>> events) {
        Set<Path> appeared = new HashSet<>();
        Set<Path> written = new HashSet<>();
        boolean lost = false;
        boolean any = false;
        for (WatchEvent<?> event : events) {
            if (event.kind() == OVERFLOW) {
                lost = true;
                any = true;
            } else if (watched != null && event.context() instanceof Path name && watched.work().test(name.toString())) {
                any = true;
                (event.kind() == ENTRY_MODIFY ? written : appeared).add(watched.folder().resolve(name));
            }
        }
        if (any) {
            changed.changed(endpoint, new Changes(appeared, written, lost));
        }
    }

    private List<CountDownLatch> marksSeen(List<WatchEvent<?>> events) {
        List<CountDownLatch> seen = new ArrayList<>();
        for (WatchEvent<?> event : events) {
            CountDownLatch waiter = event.context() instanceof Path name ? marksAwaited.get(name.toString()) : null;
            if (waiter != null) {
                seen.add(waiter);
            }
        }
        return seen;
    }

    @Override
    public void close() throws IOException {
        byEndpoint.clear();
        byKey.clear();
        service.close();
    }
}
