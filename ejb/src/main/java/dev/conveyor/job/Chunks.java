package dev.conveyor.job;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * How a batch of queued jobs is cut into dispatch messages. A message is one worker's turn, so it
 * should be a short piece of work: hundreds of small copies, but a single slow PDF. Chunks are
 * sized so that a chunk takes about {@link #TURN} by the endpoint's recent mean job time, and no
 * larger than needed to give every worker of the node a share of the batch, so a small batch
 * still spreads over the workers.
 */
public final class Chunks {

    /** The work one message should hold: short enough that priorities and shares act within it. */
    static final Duration TURN = Duration.ofMillis(500);
    /** Jobs per chunk while an endpoint's job time is not known yet (after a start): few, in case they are slow. */
    static final int UNKNOWN_TIME_CHUNK = 10;
    /** A ceiling whatever the jobs take: a chunk's outcomes are recorded together, in one transaction. */
    static final int MAX_CHUNK = 200;
    /**
     * The longest mean job time at which an endpoint's chunks are quick ({@link #isQuick}). Two
     * commits a chunk cost about a tenth of a small copy's CPU, and nothing of a job that takes
     * seconds; a quick chunk holds its rows locked, and shows its jobs QUEUED, while it runs.
     */
    static final Duration QUICK_JOB = Duration.ofMillis(10);

    private Chunks() {
    }

    /**
     * The chunk size for jobs that took {@code meanJobTime} each lately (null when none ran yet), a
     * batch of {@code batch} jobs and {@code workers} workers.
     */
    public static int size(Duration meanJobTime, int batch, int workers) {
        long bySpread = (batch + 2L * workers - 1) / (2L * workers);
        long byTime = meanJobTime == null ? UNKNOWN_TIME_CHUNK : TURN.toNanos() / Math.max(1, meanJobTime.toNanos());
        return (int) Math.max(1, Math.min(MAX_CHUNK, Math.min(byTime, bySpread)));
    }

    /**
     * True when jobs that took {@code meanJobTime} each lately (null when none ran yet) are run
     * quickly: a chunk's start, run and record in one transaction (see {@code JobRunner#runQuickly}).
     */
    public static boolean isQuick(Duration meanJobTime) {
        return meanJobTime != null && meanJobTime.compareTo(QUICK_JOB) <= 0;
    }

    /** {@code jobIds} cut into runs of {@code size}, in their order. */
    public static List<List<String>> of(List<String> jobIds, int size) {
        List<List<String>> chunks = new ArrayList<>();
        for (int from = 0; from < jobIds.size(); from += size) {
            chunks.add(List.copyOf(jobIds.subList(from, Math.min(jobIds.size(), from + size))));
        }
        return chunks;
    }
}
