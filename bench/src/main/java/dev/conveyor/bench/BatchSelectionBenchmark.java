package dev.conveyor.bench;

import dev.conveyor.scan.BatchSelector;
import dev.conveyor.scan.OldestWaiting;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Picking the oldest 100 of 100,000 waiting files: Conveyor's streaming bounded heap against the
 * obvious list-stat-sort-take, side by side on the same folder. Prints the median time and the
 * bytes allocated per selection for both, and their ratios. Then a backlog drained as event scans
 * drain it, {@value #DRAINED} picks each claiming the oldest batch (moved out of the folder), with
 * a pass over the folder at every pick against the remembered oldest ({@link OldestWaiting}): the
 * first pick, the median of the others and the whole drain, for both.
 */
public final class BatchSelectionBenchmark {

    private static final int DRAINED = 20;

    private record Figures(String way, long medianMillis, long allocatedBytes) {
    }

    @FunctionalInterface
    private interface Selection {
        List<Path> select() throws IOException;
    }

    public static void main(String[] args) throws Exception {
        int files = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        int batch = args.length > 1 ? Integer.parseInt(args[1]) : 100;
        Path folder = Files.createTempDirectory("conveyor-batch-selection");
        try {
            System.out.println(Measures.machine());
            System.out.printf("load: pick the oldest %d of %d files in one folder, 7 rounds each, median%n", batch, files);
            long start = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();
            for (int i = 0; i < files; i++) {
                Path file = Files.createFile(folder.resolve("f" + i + ".dat"));
                Files.setLastModifiedTime(file, FileTime.fromMillis(start + (i * 7919L % files) * 1000));
            }
            Instant now = Instant.now();
            Selection heap = () -> BatchSelector.oldest(folder, name -> true, batch, now).stream().map(BatchSelector.Candidate::path).toList();
            // The fair obvious way: read each file's time once, then sort the whole listing.
            Selection sort = () -> {
                try (Stream<Path> list = Files.list(folder)) {
                    return list.map(path -> Map.entry(path, modified(path)))
                            .sorted(Map.Entry.<Path, Long>comparingByValue().thenComparing(e -> e.getKey().getFileName().toString()))
                            .limit(batch).map(Map.Entry::getKey).toList();
                }
            };
            if (!heap.select().equals(sort.select())) {
                throw new IllegalStateException("the two ways picked different files");
            }
            Figures bounded = measure("bounded heap", heap);
            Figures sorted = measure("list and sort", sort);
            System.out.printf("%-14s %10s %16s%n", "way", "median ms", "allocated bytes");
            for (Figures f : List.of(bounded, sorted)) {
                System.out.printf("%-14s %10d %16d%n", f.way, f.medianMillis, f.allocatedBytes);
            }
            System.out.printf("ratio sort/heap: time %.2f, allocation %.2f%n", (double) sorted.medianMillis / Math.max(1, bounded.medianMillis),
                    (double) sorted.allocatedBytes / Math.max(1, bounded.allocatedBytes));
            drainBoth(folder, batch, now);
        } finally {
            EndToEndBenchmark.deleteTree(folder);
        }
    }

    @FunctionalInterface
    private interface Pick {
        List<BatchSelector.Candidate> oldest(int limit) throws IOException;
    }

    /** The same backlog drained both ways, a scan's way: it asks for twice its batch and claims the oldest batch. */
    private static void drainBoth(Path folder, int batch, Instant now) throws IOException {
        Path claimed = Files.createDirectory(folder.resolveSibling(folder.getFileName() + "-claimed"));
        try {
            System.out.printf("drain: %d picks of the oldest %d (each asking for %d, as a scan does), the picked batch moved out%n",
                    DRAINED, batch, 2 * batch);
            Drain everyPick = drain("a pass each pick", folder, claimed, batch,
                    limit -> BatchSelector.oldest(folder, name -> true, limit, now));
            OldestWaiting waiting = new OldestWaiting();
            Drain remembered = drain("remembered", folder, claimed, batch,
                    limit -> waiting.oldest(folder, name -> true, limit, limit, now, false));
            if (!everyPick.claimed.equals(remembered.claimed)) {
                throw new IllegalStateException("the two drains claimed different files");
            }
            System.out.printf("%-18s %14s %16s %12s%n", "drain", "first pick ms", "median other ms", "total ms");
            for (Drain d : List.of(everyPick, remembered)) {
                System.out.printf("%-18s %14.1f %16.1f %12.1f%n", d.way, d.firstMillis, d.medianOtherMillis, d.totalMillis);
            }
            System.out.printf("ratio remembered/pass each pick: median other pick %.3f, whole drain %.3f%n",
                    remembered.medianOtherMillis / everyPick.medianOtherMillis, remembered.totalMillis / everyPick.totalMillis);
        } finally {
            EndToEndBenchmark.deleteTree(claimed);
        }
    }

    private record Drain(String way, double firstMillis, double medianOtherMillis, double totalMillis, List<Path> claimed) {
    }

    /** Drains {@value #DRAINED} batches into {@code claimed}, then moves them back, so the next drain finds the same backlog. */
    private static Drain drain(String way, Path folder, Path claimed, int batch, Pick pick) throws IOException {
        double[] millis = new double[DRAINED];
        List<Path> taken = new ArrayList<>();
        for (int round = 0; round < DRAINED; round++) {
            long before = System.nanoTime();
            List<BatchSelector.Candidate> candidates = pick.oldest(2 * batch);
            millis[round] = (System.nanoTime() - before) / 1e6;
            for (BatchSelector.Candidate candidate : candidates.subList(0, Math.min(batch, candidates.size()))) {
                Files.move(candidate.path(), claimed.resolve(candidate.path().getFileName()));
                taken.add(candidate.path());
            }
        }
        for (Path file : taken) {
            Files.move(claimed.resolve(file.getFileName()), file);
        }
        double[] others = Arrays.copyOfRange(millis, 1, millis.length);
        Arrays.sort(others);
        return new Drain(way, millis[0], others[others.length / 2], Arrays.stream(millis).sum(), taken);
    }

    private static long modified(Path file) {
        try {
            return Files.getLastModifiedTime(file).toMillis();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static Figures measure(String way, Selection selection) throws IOException {
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long[] times = new long[7];
        long allocated = 0;
        for (int round = 0; round < times.length; round++) {
            long bytesBefore = threads.getCurrentThreadAllocatedBytes();
            long before = System.nanoTime();
            selection.select();
            times[round] = (System.nanoTime() - before) / 1_000_000;
            allocated = threads.getCurrentThreadAllocatedBytes() - bytesBefore;
        }
        Arrays.sort(times);
        return new Figures(way, times[times.length / 2], allocated);
    }
}
