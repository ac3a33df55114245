package dev.conveyor.scan;

import static java.nio.file.StandardWatchEventKinds.ENTRY_CREATE;
import static java.nio.file.StandardWatchEventKinds.ENTRY_MODIFY;
import static java.nio.file.StandardWatchEventKinds.OVERFLOW;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * File-system events for the watched folders this node scans: a name created, moved in or written
 * at the top of an endpoint's folder tells the listener that endpoint's name, and which files were
 * written in place, so a scan can come at once instead of at the next tick of its timer. Only
 * names that are work count: Conveyor's own stage and result folders change with every job, and a
 * name the endpoint excludes (a file still written under a dot name) is nothing to scan for. Events
 * only hurry scans: the timer scan stays, for what events miss (an overflow, a network share,
 * files changing inside a job folder). {@link #run()} is the loop that waits for events, on a
 * thread of the caller's.
 */
public final class FolderWatch implements Runnable, AutoCloseable {

    /** Told of each batch of events; must not throw. */
    public interface Listener {

        /** {@code written}: the files written in place (not only created or moved in); {@code lost}: events were dropped. */
        void changed(String endpoint, Set<Path> written, boolean lost);
    }

    private record Watched(Path folder, Predicate<String> work, WatchKey key) {
    }

    private final WatchService service;
    private final Listener changed;
    private final Map<String, Watched> byEndpoint = new ConcurrentHashMap<>();
    private final Map<WatchKey, String> byKey = new ConcurrentHashMap<>();

    public FolderWatch(Listener changed) throws IOException {
        this.service = FileSystems.getDefault().newWatchService();
        this.changed = changed;
    }

    /**
     * Watches the endpoint's folder, or its new folder if it moved, for events on the names
     * {@code work} accepts; nothing to do if it is watched already.
     */
    public void watch(String endpoint, Path folder, Predicate<String> work) throws IOException {
        Watched current = byEndpoint.get(endpoint);
        if (current != null && current.folder().equals(folder) && current.key().isValid()) {
            return;
        }
        unwatch(endpoint);
        WatchKey key = folder.register(service, ENTRY_CREATE, ENTRY_MODIFY);
        byKey.put(key, endpoint);
        byEndpoint.put(endpoint, new Watched(folder, work, key));
    }

    /** Stops the events of one endpoint (deleted, changed, or scanned by another node now). */
    public void unwatch(String endpoint) {
        Watched watched = byEndpoint.remove(endpoint);
        if (watched != null) {
            byKey.remove(watched.key());
            watched.key().cancel();
        }
    }

    public boolean watches(String endpoint) {
        return byEndpoint.containsKey(endpoint);
    }

    /** Waits for events and reports each endpoint once per batch of them, until {@link #close()}. */
    @Override
    public void run() {
        try {
            while (true) {
                WatchKey key = service.take();
                String endpoint = byKey.get(key);
                Watched watched = endpoint == null ? null : byEndpoint.get(endpoint);
                Set<Path> written = new HashSet<>();
                boolean lost = false;
                boolean any = false;
                for (WatchEvent<?> event : key.pollEvents()) {
                    if (event.kind() == OVERFLOW) {
                        lost = true;
                        any = true;
                    } else if (watched != null && event.context() instanceof Path name && watched.work().test(name.toString())) {
                        any = true;
                        if (event.kind() == ENTRY_MODIFY) {
                            written.add(watched.folder().resolve(name));
                        }
                    }
                }
                if (!key.reset() && endpoint != null) {
                    // The folder is gone or was replaced: the next timer scan finds out and watches again.
                    unwatch(endpoint);
                }
                if (any && endpoint != null) {
                    changed.changed(endpoint, written, lost);
                }
            }
        } catch (ClosedWatchServiceException | InterruptedException stopped) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() throws IOException {
        byEndpoint.clear();
        byKey.clear();
        service.close();
    }

}
