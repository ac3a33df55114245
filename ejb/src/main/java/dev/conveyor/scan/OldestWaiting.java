package dev.conveyor.scan;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * The oldest files and job folders waiting in a watched folder, remembered between scans, so that
 * a scan started by the folder's events picks its candidates without looking at every waiting
 * file again. A pass over the whole folder ({@link BatchSelector#oldest}) keeps up to
 * {@value #SCANS_KEPT} scans' worth of them; from then on the entries the events say arrived are
 * looked at and merged in, and a scan looks again only at the entries it picks, a look the
 * stability check needs anyway ({@link StabilityCheck}). Each look is fresh: an entry gone
 * meanwhile (claimed by another node, deleted) drops out, one changed moves to its new age.
 * <p>
 * The whole folder is passed over again whenever what is remembered cannot answer: at the first
 * scan, after events were lost, when more arrived than is remembered, and when a scan asks for
 * more than is left and the last pass had to leave newer entries out. A timer scan passes over it
 * too, the safety net for what makes no event (a network share's remote writers, a watch gone
 * stale), unless a backlog larger than memory is being drained (see {@link #oldest}). A backlog
 * then costs a look at each arrival, a pass every few batches and a look or two at each file
 * picked, where a pass at every scan looked at each waiting file once for every batch claimed
 * before it. Memory stays bounded by the batch: {@value #SCANS_KEPT} times the most candidates a
 * scan asks for (twice the batch size), and as many arrivals.
 * <p>
 * One endpoint's scans call {@link #oldest} and {@link #taken} one at a time, from different
 * threads (a timer's, an event scan's), under a lock of their own; the folder watch's thread calls
 * {@link #arrived} and {@link #eventsLost} meanwhile, which only note what to do at the next scan
 * and never wait for a scan's looks.
 */
public final class OldestWaiting {

    /** How many scans' worth of candidates a pass keeps. */
    static final int SCANS_KEPT = 4;
    /** Later than any file's modification time: a pass keeps young entries too, and the cutoff applies when they are picked. */
    private static final Instant ANY_AGE = Instant.ofEpochMilli(Long.MAX_VALUE);

    /** Held by a scan while it picks or tells what it took: what is remembered is the scans' alone. */
    private final Object picking = new Object();
    /** The remembered entries, oldest first. */
    private final TreeSet<BatchSelector.Candidate> byAge = new TreeSet<>(BatchSelector.OLDEST_FIRST);
    private final Map<Path, BatchSelector.Candidate> byPath = new HashMap<>();
    /** How many entries the last pass could keep; also how many arrivals are worth looking at one by one. */
    private int capacity;
    /** False when the last pass, or an arrival since, found more entries than it could keep: more may wait unseen. */
    private boolean whole;
    /** True from a pass on, until events are lost: what is remembered plus what arrived is all that waits. */
    private boolean known;
    /** The names the events reported as created or moved in since the last scan looked at them. */
    private Set<Path> arrivals = new HashSet<>();

    /** From the folder watch: these entries were created or moved in. */
    public synchronized void arrived(Collection<Path> entries) {
        if (!known) {
            // The next scan passes over the whole folder anyway.
            return;
        }
        arrivals.addAll(entries);
        if (arrivals.size() > capacity) {
            forget();
        }
    }

    /** From the folder watch: some events were not delivered, so what arrived meanwhile is not known. */
    public synchronized void eventsLost() {
        forget();
    }

    private synchronized void forget() {
        known = false;
        arrivals = new HashSet<>();
    }

    /**
     * The oldest {@code limit} entries whose names are {@code eligible} and that were last changed
     * no later than {@code changedNoLaterThan}, each with a look taken now, oldest first, as
     * {@link BatchSelector#oldest} would pick them. {@code mostAsked} is the most any scan of this
     * folder asks for (at least {@code limit}): a pass keeps {@value #SCANS_KEPT} times that, so a
     * scan given little room (a full queue frees a few places at a time) does not make the next
     * pass over a large backlog come after a few of its scans. A {@code timerScan} passes over the whole
     * folder, unless a backlog larger than what is remembered is being drained: the pass that
     * refills the memory when it runs short comes within a few scans and finds what the events
     * missed then, where a pass at every tick would look at the whole backlog each second.
     */
    public List<BatchSelector.Candidate> oldest(Path folder, Predicate<String> eligible, int limit, int mostAsked,
            Instant changedNoLaterThan, boolean timerScan) throws IOException {
        if (limit <= 0) {
            return List.of();
        }
        synchronized (picking) {
            return pickOldest(folder, eligible, limit, Math.max(limit, mostAsked), changedNoLaterThan, timerScan);
        }
    }

    private List<BatchSelector.Candidate> pickOldest(Path folder, Predicate<String> eligible, int limit, int mostAsked,
            Instant changedNoLaterThan, boolean timerScan) throws IOException {
        long cutoff = changedNoLaterThan.toEpochMilli();
        Set<Path> arrived;
        boolean wasKnown;
        synchronized (this) {
            wasKnown = known;
            arrived = arrivals;
            arrivals = new HashSet<>();
            // From here on the events' arrivals are kept: what arrives during a pass is looked at by the next scan.
            known = true;
        }
        boolean pass = !wasKnown;
        if (wasKnown) {
            for (Path entry : arrived) {
                lookAtArrival(entry, eligible);
            }
            boolean enough = picks(limit, cutoff).size() == limit;
            pass = whole ? timerScan : !enough;
        }
        if (!pass) {
            return pickedLookedAtAgain(limit, cutoff);
        }
        try {
            return passOver(folder, eligible, limit, mostAsked, cutoff);
        } catch (IOException | RuntimeException e) {
            forget();
            throw e;
        }
    }

    /** The scan claimed these entries: they are no longer waiting. */
    public void taken(Collection<Path> entries) {
        synchronized (picking) {
            entries.forEach(this::drop);
        }
    }

    private List<BatchSelector.Candidate> passOver(Path folder, Predicate<String> eligible, int limit, int mostAsked, long cutoff)
            throws IOException {
        synchronized (this) {
            capacity = SCANS_KEPT * mostAsked;
        }
        List<BatchSelector.Candidate> found = BatchSelector.oldest(folder, eligible, capacity, ANY_AGE);
        byAge.clear();
        byPath.clear();
        whole = found.size() < capacity;
        found.forEach(this::remember);
        // The pass has just looked at each of them.
        return picks(limit, cutoff);
    }

    /** The picks looked at again now; those gone are forgotten, those changed remembered as they are now. */
    private List<BatchSelector.Candidate> pickedLookedAtAgain(int limit, long cutoff) throws IOException {
        List<BatchSelector.Candidate> looked = new ArrayList<>();
        for (BatchSelector.Candidate picked : picks(limit, cutoff)) {
            drop(picked.path());
            BatchSelector.Candidate now = BatchSelector.look(picked.path());
            if (now != null) {
                remember(now);
                if (now.modified() <= cutoff) {
                    looked.add(now);
                }
            }
        }
        looked.sort(BatchSelector.OLDEST_FIRST);
        return looked;
    }

    private List<BatchSelector.Candidate> picks(int limit, long cutoff) {
        List<BatchSelector.Candidate> picks = new ArrayList<>();
        for (BatchSelector.Candidate candidate : byAge) {
            if (picks.size() == limit || candidate.modified() > cutoff) {
                break;
            }
            picks.add(candidate);
        }
        return picks;
    }

    /**
     * Looks at an arrival not remembered yet. One remembered already (the pass listed it, its
     * event came after) is looked at anyway when it is picked: a file of the same name that
     * replaced it shows its own age then.
     */
    private void lookAtArrival(Path entry, Predicate<String> eligible) throws IOException {
        if (!byPath.containsKey(entry) && eligible.test(entry.getFileName().toString())) {
            BatchSelector.Candidate now = BatchSelector.look(entry);
            if (now != null) {
                remember(now);
            }
        }
    }

    private void remember(BatchSelector.Candidate candidate) {
        byAge.add(candidate);
        byPath.put(candidate.path(), candidate);
        if (byAge.size() > capacity) {
            byPath.remove(byAge.pollLast().path());
            whole = false;
        }
    }

    private void drop(Path entry) {
        BatchSelector.Candidate remembered = byPath.remove(entry);
        if (remembered != null) {
            byAge.remove(remembered);
        }
    }
}
