package dev.conveyor.scan;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;

/**
 * Two looks before a claim: a file (or job folder) is taken only when its size and modification
 * time (for a folder: total size, newest modification and number of entries) are what an earlier
 * look saw, long enough before. A file still being written changes between the looks and waits.
 * <p>
 * How long is enough depends on what is known of the file. Without file-system events, looks come
 * from timer scans a scan interval apart, and {@link #MINIMUM_GAP_MS} is all that is asked. With
 * events ({@link #watched}), a file whose arrival the events showed ({@link #appeared}: created or
 * moved in while watched), that no event shows written in place, and that holds bytes, is known
 * whole: a file renamed into the folder is. A file the events never showed arriving was there
 * before the watch began, or came in unseen (a network share's remote writer makes no events): it
 * may be in the middle of a writer's pause, and is not known whole. A file known whole needs
 * {@link #MINIMUM_GAP_MS}, time enough for the
 * event of a write in place to have arrived if there was one; or only {@link #CAUGHT_UP_GAP_MS}
 * when the folder watch proves, after this look, that it has delivered every event the kernel
 * queued before it (see {@link FolderWatch#caughtUp}): a write that had begun by the first look
 * has ended by the second and its event is known. A file seen being written in place, an empty
 * file, a job folder (whose inside has no events here), and everything while events were lost,
 * need the in-place gap, most of a scan interval: a writer pausing shorter than that between
 * writes is not taken half-done, as without events. The memory holds the last scan's candidates,
 * the files written lately and the arrivals not yet looked at, at most
 * {@value #MOST_ARRIVALS_REMEMBERED} (past that, or {@value #ARRIVAL_REMEMBERED_MS} ms after it, an
 * arrival is forgotten and its file waits the in-place gap, as it would without events).
 */
public final class StabilityCheck {

    /** The shortest time between two looks that take a file. */
    public static final long MINIMUM_GAP_MS = 50;
    /** The gap for a file known whole once the folder watch has caught up with the events after the second look. */
    public static final long CAUGHT_UP_GAP_MS = 10;
    /** Bounds the arrivals kept: a burst beyond it is looked at as files whose arrival was not seen. */
    static final int MOST_ARRIVALS_REMEMBERED = 100_000;
    /** An arrival still not taken after this long (a backlog, a paused endpoint) is forgotten. */
    static final long ARRIVAL_REMEMBERED_MS = 60_000;

    /**
     * What a look saw, and when at the latest: an unchanged candidate keeps the time of its first
     * look. A look's time is bounded from both sides: a pass of looks takes time (a selection
     * looks at every waiting file), so a first look counts from the end of its pass and a second
     * from the start of its own, and the gap between them is never longer than the one the files had.
     */
    private record Look(long size, long modified, long entries, boolean folder, long atMillis) {

        boolean sameAs(Look other) {
            return other != null && size == other.size && modified == other.modified && entries == other.entries;
        }

        Look at(long millis) {
            return new Look(size, modified, entries, folder, millis);
        }
    }

    /** A pass that picks candidates and looks at each (a scan's selection, {@link BatchSelector#oldest}). */
    @FunctionalInterface
    public interface Selection {
        List<BatchSelector.Candidate> select() throws IOException;
    }

    private final LongSupplier clockMillis;
    private Map<Path, Look> previous = Map.of();
    private int awaitingSecondLook;
    /** When the first candidate the last pass left waiting may be taken (clock milliseconds); none waiting: Long.MAX_VALUE. */
    private long secondLookDueAt = Long.MAX_VALUE;
    private long looks;
    /** 0 while the folder's events are not watched. */
    private volatile long inPlaceGapMs;
    private final Map<Path, Long> writtenAt = new HashMap<>();
    private final Map<Path, Long> appearedAt = new HashMap<>();
    private Long eventsLostAt;
    private volatile BooleanSupplier eventsCaughtUp = () -> false;

    private final LongConsumer pauseMillis;
    /** How many of the last look's candidates known whole wait for their second look. */
    private int knownWholeAwaiting;

    public StabilityCheck() {
        this(() -> System.nanoTime() / 1_000_000, StabilityCheck::sleep);
    }

    /** With a clock of the caller's (milliseconds, monotonic); a pause does not move it. */
    StabilityCheck(LongSupplier clockMillis) {
        this(clockMillis, millis -> { });
    }

    /** With a clock of the caller's and the pause {@link #unchangedSoon} makes between its two looks. */
    StabilityCheck(LongSupplier clockMillis, LongConsumer pauseMillis) {
        this.clockMillis = clockMillis;
        this.pauseMillis = pauseMillis;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            // The second look comes early, finds the gap too short and takes nothing: the next scan looks again.
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The selection's candidates unchanged for long enough, as {@link #unchangedSinceLastLook},
     * the selection's own look at a file serving as this scan's look at it. When that takes nothing
     * while files known whole wait for their second look (files moved into an idle folder), that
     * look follows {@link #CAUGHT_UP_GAP_MS} later in this same call, so one scan takes them instead of two.
     */
    public List<Path> unchangedSoon(Selection selection) throws IOException {
        long from = clockMillis.getAsLong();
        List<BatchSelector.Candidate> candidates = selection.select();
        Map<Path, Look> seen = new LinkedHashMap<>();
        for (BatchSelector.Candidate candidate : candidates) {
            Look look = candidate.folder() ? lookUnlessEarly(candidate.path(), from)
                    : new Look(candidate.size(), candidate.modified(), 1, false, 0);
            if (look != null) {
                seen.put(candidate.path(), look);
            }
        }
        List<Path> unchanged = unchanged(seen, from);
        if (!unchanged.isEmpty() || knownWholeAwaiting == 0) {
            return unchanged;
        }
        pauseMillis.accept(CAUGHT_UP_GAP_MS);
        return unchangedSinceLastLook(candidates.stream().map(BatchSelector.Candidate::path).toList());
    }

    /**
     * The folder's events are watched now: files not known to be whole need {@code inPlaceGapMs}
     * between looks; {@code caughtUp} tells, when asked after a look, whether every event queued
     * before it has been delivered to {@link #written} (it may wait a little for that).
     */
    public synchronized void watched(long inPlaceGapMs, BooleanSupplier caughtUp) {
        this.inPlaceGapMs = Math.max(MINIMUM_GAP_MS, inPlaceGapMs);
        this.eventsCaughtUp = caughtUp;
    }

    /** Events said these names were created or moved in (files and job folders alike). */
    public synchronized void appeared(Collection<Path> files) {
        long at = clockMillis.getAsLong();
        for (Path file : files) {
            if (appearedAt.size() >= MOST_ARRIVALS_REMEMBERED) {
                return;
            }
            appearedAt.put(file, at);
        }
    }

    /** Events said these files were written in place; with {@code eventsLost}, some events were not delivered. */
    public synchronized void written(Collection<Path> files, boolean eventsLost) {
        long at = clockMillis.getAsLong();
        files.forEach(file -> writtenAt.put(file, at));
        if (eventsLost) {
            eventsLostAt = at;
        }
    }

    /**
     * The candidates unchanged for long enough, looked at now; remembers what this call saw. One
     * endpoint's scans call it one at a time; the folder watch's thread calls {@link #written}
     * meanwhile, and the lock is not held while the watch is asked to catch up, or that very
     * report would wait.
     */
    public List<Path> unchangedSinceLastLook(List<Path> candidates) throws IOException {
        long from = clockMillis.getAsLong();
        Map<Path, Look> seen = new LinkedHashMap<>();
        for (Path candidate : candidates) {
            Look look = lookUnlessEarly(candidate, from);
            if (look != null) {
                seen.put(candidate, look);
            }
        }
        return unchanged(seen, from);
    }

    /** Compares this pass's looks, begun at {@code from}, in the candidates' order, with the last pass's. */
    private List<Path> unchanged(Map<Path, Look> seen, long from) {
        long lookedUntil = clockMillis.getAsLong();
        Map<Path, Look> now = new HashMap<>();
        List<Path> unchanged = new ArrayList<>();
        List<Path> wholeIfCaughtUp = new ArrayList<>();
        synchronized (this) {
            // A write older than two in-place gaps no longer matters: the file has been still since, or was looked at again.
            writtenAt.values().removeIf(written -> from - written > 2 * inPlaceGapMs);
            appearedAt.values().removeIf(appeared -> from - appeared > ARRIVAL_REMEMBERED_MS);
        }
        int knownWholeLeft = 0;
        long firstDueAt = Long.MAX_VALUE;
        for (Map.Entry<Path, Look> entry : seen.entrySet()) {
            Path candidate = entry.getKey();
            Look before = previous.get(candidate);
            boolean same = entry.getValue().sameAs(before);
            Look look = same ? before : entry.getValue().at(lookedUntil);
            long gap = gapFor(candidate, look, from);
            boolean knownWhole = gap == MINIMUM_GAP_MS && inPlaceGapMs > 0;
            if (same && from - before.atMillis() >= gap) {
                unchanged.add(candidate);
            } else {
                firstDueAt = Math.min(firstDueAt, look.atMillis() + (knownWhole ? CAUGHT_UP_GAP_MS : gap));
                if (knownWhole) {
                    knownWholeLeft++;
                    if (same && from - before.atMillis() >= CAUGHT_UP_GAP_MS) {
                        wholeIfCaughtUp.add(candidate);
                    }
                }
            }
            now.put(candidate, look);
        }
        // Asked once, after every look of this scan; a write in place the watch reports meanwhile counts against its file.
        if (!wholeIfCaughtUp.isEmpty() && eventsCaughtUp.getAsBoolean()) {
            Set<Path> whole = new HashSet<>(unchanged);
            wholeIfCaughtUp.stream().filter(file -> gapFor(file, now.get(file), from) == MINIMUM_GAP_MS).forEach(whole::add);
            knownWholeLeft -= whole.size() - unchanged.size();
            // In the candidates' order, oldest first, as the batch is cut from the front.
            unchanged = seen.keySet().stream().filter(whole::contains).toList();
        }
        synchronized (this) {
            // Candidates gone since the last look were claimed (or deleted): their arrival is of no more use.
            previous.keySet().stream().filter(file -> !now.containsKey(file)).forEach(appearedAt::remove);
            previous = now;
            awaitingSecondLook = now.size() - unchanged.size();
            secondLookDueAt = awaitingSecondLook == 0 ? Long.MAX_VALUE : firstDueAt;
            knownWholeAwaiting = knownWholeLeft;
            looks++;
        }
        return unchanged;
    }

    private synchronized long gapFor(Path candidate, Look look, long from) {
        boolean eventsLostLately = eventsLostAt != null && from - eventsLostAt <= inPlaceGapMs;
        boolean knownWhole = !look.folder() && look.size() > 0 && appearedAt.containsKey(candidate)
                && !writtenAt.containsKey(candidate) && !eventsLostLately;
        return inPlaceGapMs == 0 || knownWhole ? MINIMUM_GAP_MS : inPlaceGapMs;
    }

    /** How many of the last look's candidates were not taken as unchanged: a look after the gap may take them. */
    public synchronized int awaitingSecondLook() {
        return awaitingSecondLook;
    }

    /**
     * How long from now until a look may take the first candidate the last pass left waiting (0
     * when it may at once; Long.MAX_VALUE when none waits): a job folder waits most of a scan
     * interval, and scans before then could take nothing.
     */
    public long millisUntilSecondLookDue() {
        long dueAt;
        synchronized (this) {
            dueAt = secondLookDueAt;
        }
        return dueAt == Long.MAX_VALUE ? Long.MAX_VALUE : Math.max(0, dueAt - clockMillis.getAsLong());
    }

    /** How many looks were taken: tells a caller whether a scan looked at all (a full queue takes no look). */
    public synchronized long looks() {
        return looks;
    }

    /**
     * This pass's look at a candidate; for a job folder the last pass saw less than its gap ago,
     * that pass's look again. Such a folder cannot be taken by this pass whatever a look saw, and
     * a look into it walks everything it holds: while files arrive, each event starts a scan, tens
     * of milliseconds apart, and each walked every waiting job folder again, where its two looks a
     * gap apart are what decides. A change in between is seen by the look after the gap, which
     * then counts as a first look.
     */
    private Look lookUnlessEarly(Path candidate, long from) throws IOException {
        Look before = previous.get(candidate);
        if (before != null && before.folder() && from - before.atMillis() < gapFor(candidate, before, from)) {
            return before;
        }
        return look(candidate);
    }

    /**
     * A look at a file, or at a job folder and everything in it, not following links: one look at
     * each entry, as the walk finds it; null when it is gone, or something in it went or could not
     * be read while it was walked (it is looked at again by the next scan).
     */
    private static Look look(Path path) throws IOException {
        LookingThrough walk = new LookingThrough(path);
        Files.walkFileTree(path, Set.of(), Integer.MAX_VALUE, walk);
        return walk.look();
    }

    /** Adds up what a look at a job folder tells: its files' bytes, the newest change, the entries and the folder itself. */
    private static final class LookingThrough extends SimpleFileVisitor<Path> {

        private final Path root;
        private long size;
        private long newest;
        private long entries;
        private boolean folder;
        private boolean gone;

        LookingThrough(Path root) {
            this.root = root;
        }

        @Override
        public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
            folder |= dir.equals(root);
            count(attributes);
            return FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
            // A candidate that is no folder counts its own size, whatever it is; inside a folder only files' bytes count.
            size += attributes.isRegularFile() || file.equals(root) ? attributes.size() : 0;
            count(attributes);
            return FileVisitResult.CONTINUE;
        }

        private void count(BasicFileAttributes attributes) {
            newest = Math.max(newest, attributes.lastModifiedTime().toMillis());
            entries++;
        }

        @Override
        public FileVisitResult visitFileFailed(Path file, IOException failure) throws IOException {
            if (file.equals(root) && !(failure instanceof NoSuchFileException)) {
                throw failure;
            }
            gone = true;
            return FileVisitResult.TERMINATE;
        }

        @Override
        public FileVisitResult postVisitDirectory(Path dir, IOException failure) {
            gone |= failure != null;
            return gone ? FileVisitResult.TERMINATE : FileVisitResult.CONTINUE;
        }

        Look look() {
            return gone ? null : new Look(size, newest, entries, folder, 0);
        }
    }
}
