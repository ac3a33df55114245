package dev.conveyor.bench;

import dev.conveyor.scan.BatchSelector;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Picking the oldest 100 of 100,000 waiting files: Conveyor's streaming bounded heap against the
 * obvious list-stat-sort-take, side by side on the same folder. Prints the median time and the
 * bytes allocated per selection for both, and their ratios.
 */
public final class BatchSelectionBenchmark {

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
        } finally {
            EndToEndBenchmark.deleteTree(folder);
        }
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
        java.util.Arrays.sort(times);
        return new Figures(way, times[times.length / 2], allocated);
    }
}
