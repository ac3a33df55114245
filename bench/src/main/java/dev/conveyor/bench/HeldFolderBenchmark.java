package dev.conveyor.bench;

import dev.conveyor.files.Confinement;
import dev.conveyor.files.HeldFolder;
import dev.conveyor.files.PinnedFile;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

/**
 * What holding a job's folder open adds to an operation's run, without the stack: the file work
 * that differs since an operation runs in a held folder ({@link HeldFolder}), on JOBS job folders
 * laid out as a stage folder holds them ({@code stage/<id>/in/<name>}). By path: the source read
 * whole. Held: the job's folder opened from the root, its owner and mode looked at, the source
 * pinned and read whole through its pinned name, and the folder's name found to still lead to it.
 * The folders are made once and only read, so that the file system's slower hand-out of new files
 * after many were freed (docs/benchmarks.md) stays out of the figures. Run by one thread and by
 * THREADS at once (a node's workers), alternated, ROUNDS rounds each after one to warm up: CPU per
 * job of the threads, median. Arguments: [JOBS] [THREADS] [ROUNDS] (default 5000, 2, 5).
 */
public final class HeldFolderBenchmark {

    private interface Copy {
        void run(Path job, Path root) throws IOException;
    }

    public static void main(String[] args) throws Exception {
        int jobs = args.length > 0 ? Integer.parseInt(args[0]) : 5_000;
        int threads = args.length > 1 ? Integer.parseInt(args[1]) : 2;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        System.out.println(Measures.machine());
        System.out.printf("load: %d job folders, a 1 KiB source each, read by path and through a held folder, by 1 and by %d"
                + " threads; %d rounds after one to warm up, median CPU per job%n", jobs, threads, rounds);
        Copy byPath = (job, root) -> Files.readAllBytes(job.resolve("in/scan.pdf"));
        Copy held = (job, root) -> {
            try (HeldFolder folder = HeldFolder.open(new Confinement(List.of(root)), job)) {
                folder.requireKeptFromOthers();
                try (PinnedFile source = HeldFolder.pin(folder.below(job.resolve("in/scan.pdf")))) {
                    Files.readAllBytes(source.path());
                }
                folder.requireStillNamed();
            }
        };
        Path root = Files.createTempDirectory("held-folder");
        try {
            List<Path> folders = jobFolders(root, jobs);
            for (int width : new int[] {1, threads}) {
                List<Double> plain = new ArrayList<>();
                List<Double> through = new ArrayList<>();
                for (int round = 0; round <= rounds; round++) {
                    double pathMicros = round(byPath, folders, root, width);
                    double heldMicros = round(held, folders, root, width);
                    if (round > 0) {
                        plain.add(pathMicros);
                        through.add(heldMicros);
                        System.out.printf("%d thread(s), round %d: by path %.1f us CPU a job, held %.1f%n", width, round, pathMicros, heldMicros);
                    }
                }
                double a = median(plain);
                double b = median(through);
                System.out.printf("median, %d thread(s): by path %.1f us CPU a job, held %.1f (+%.1f us, x%.2f)%n", width, a, b, b - a, b / a);
            }
        } finally {
            try (Stream<Path> files = Files.walk(root)) {
                for (Path file : files.sorted((x, y) -> y.getNameCount() - x.getNameCount()).toList()) {
                    Files.delete(file);
                }
            }
        }
    }

    /** CPU per job of {@code width} threads running {@code copy} over the job folders, shared between them. */
    private static double round(Copy copy, List<Path> folders, Path root, int width) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(width);
        try {
            List<Future<Long>> cpu = new ArrayList<>();
            for (int t = 0; t < width; t++) {
                int first = t;
                cpu.add(pool.submit(() -> {
                    long started = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
                    for (int i = first; i < folders.size(); i += width) {
                        copy.run(folders.get(i), root);
                    }
                    return ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - started;
                }));
            }
            long nanos = 0;
            for (Future<Long> each : cpu) {
                nanos += each.get();
            }
            return nanos / 1e3 / folders.size();
        } finally {
            pool.shutdown();
        }
    }

    private static List<Path> jobFolders(Path root, int jobs) throws IOException {
        List<Path> folders = new ArrayList<>();
        byte[] source = new byte[1024];
        for (int i = 0; i < jobs; i++) {
            Path job = Files.createDirectories(root.resolve("watched/stage/" + UUID.randomUUID()));
            Files.write(Files.createDirectory(job.resolve("in")).resolve("scan.pdf"), source);
            folders.add(job);
        }
        return folders;
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        return sorted.get(sorted.size() / 2);
    }
}
