package dev.conveyor.stack;

import dev.conveyor.web.testing.ApiClient;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * A result volume that fills up: a tmpfs of {@code volumeMib} MiB (root is needed to mount it)
 * holds the endpoint's result folder, with minimumFreeSpace 1 MiB, and more files than it holds
 * are dropped. The endpoint must stop taking work (BLOCKED, with its reason: the files still in the
 * input folder stay there, and those dropped after the block too) and corrupt nothing;
 * once the volume is made larger (space returns) it must resume by itself, and every file must
 * end in result exactly once. Run short by DiskFullIT, as asked by bench/run diskfull.
 */
public final class DiskFull {

    private static final int FILE_BYTES = 256 * 1024;
    private static final long MIB = 1024L * 1024L;
    /** The endpoint's minimumFreeSpace, MiB. */
    private static final int MINIMUM_FREE_MIB = 1;
    /** The volume grows to this many times its size: it must then hold every file. */
    private static final int GROWTH = 8;
    /** The endpoint's batchSize: with repeatInterval 1 s, at most this many files a second leave the input folder. */
    private static final int BATCH_SIZE = 20;
    /** Dropped once the endpoint is blocked: they must wait in the input folder. */
    private static final int LATE_FILES = 5;

    private DiskFull() {
    }

    /** Mounts the volume beside the endpoint's folder, below the stack's allowed root, runs, unmounts. */
    public static CrashTorture.Verdict run(Stack stack, String name, int files, int volumeMib) throws Exception {
        // Room for every file once grown, and a MiB above minimumFreeSpace, which resuming asks for.
        long neededMib = ((long) (files + LATE_FILES) * FILE_BYTES + MIB - 1) / MIB + MINIMUM_FREE_MIB + 1;
        if ((long) volumeMib * GROWTH < neededMib) {
            throw new IllegalArgumentException(files + LATE_FILES + " files of " + FILE_BYTES / 1024 + " KiB need a volume of at least "
                    + neededMib + " MiB once grown " + GROWTH + " times: give at least " + (neededMib + GROWTH - 1) / GROWTH + " MiB");
        }
        Path volume = Files.createDirectories(stack.folders().resolve(name + "-volume"));
        mount("mount", "-t", "tmpfs", "-o", "size=" + volumeMib + "m", "tmpfs", volume.toString());
        try {
            return fill(stack, stack.api(), name, volume, files, volumeMib);
        } finally {
            mount("umount", volume.toString());
        }
    }

    private static CrashTorture.Verdict fill(Stack stack, ApiClient api, String name, Path volume, int files, int volumeMib) throws Exception {
        Path folder = Drops.createEndpoint(api, "{\"name\":\"" + name + "\",\"path\":\"" + name + "\",\"operationName\":\"copy\","
                + "\"repeatInterval\":1,\"batchSize\":" + BATCH_SIZE + ",\"resultFolder\":\"" + volume.resolve("result") + "/\","
                + "\"minimumFreeSpace\":" + MINIMUM_FREE_MIB + ",\"sleepOnOverStore\":500,\"sleepOnOverStoreRetryCount\":2}");
        Path incoming = Files.createDirectories(stack.var().resolve("incoming-" + name));
        Random random = new Random(11);
        // Digests, not contents: at 20,000 files the contents would be 5 GiB of heap.
        Map<String, byte[]> dropped = new HashMap<>();
        drop(folder, incoming, random, dropped, 0, files);
        JsonObject blocked = await(() -> api.get("endpoints/" + name).object(), e -> e.getString("state").equals("BLOCKED"));
        Instant blockedAt = Instant.now();
        // More files than the volume holds may not all have been claimed at the block: they must stay where they are.
        long inputAtBlock = inputFiles(folder);
        drop(folder, incoming, random, dropped, files, LATE_FILES);
        Thread.sleep(5000);
        int resultsWhileBlocked = results(volume).size();
        long inputWhileBlocked = inputFiles(folder);
        long stagedWhileBlocked;
        try (Stream<Path> jobFolders = Files.list(folder.resolve("stage"))) {
            // The folders kept for later claims (conveyor-spare) hold no job.
            stagedWhileBlocked = jobFolders.filter(Files::isDirectory).filter(entry -> !Drops.isKeptForClaims(folder.resolve("stage"), entry)).count();
        }
        boolean tookNothingMore = resultsWhileBlocked == results(volume).size();
        long corrupt = corrupt(volume, dropped);

        mount("mount", "-o", "remount,size=" + (volumeMib * GROWTH) + "m", volume.toString());
        Instant grown = Instant.now();
        await(() -> api.get("endpoints/" + name).object(), e -> e.getString("state").equals("ENABLED"));
        Duration resumedAfter = Duration.between(grown, Instant.now());
        int total = files + LATE_FILES;
        List<JsonObject> jobs = drained(api, name, folder, total);
        Duration drained = Duration.between(blockedAt, Instant.now());
        Map<String, Integer> resultCount = new HashMap<>();
        List<Path> results = results(volume);
        results.forEach(result -> resultCount.merge(result.getFileName().toString(), 1, Integer::sum));
        long exactlyOnce = dropped.keySet().stream().filter(file -> resultCount.getOrDefault(file, 0) == 1).count();
        long corruptAfter = corrupt(volume, dropped);
        long inStage = Drops.filesInStage(folder.resolve("stage")).size();
        long claimedBefore = jobs.stream().filter(job -> Instant.parse(job.getString("createdAt")).isBefore(blockedAt)).count();
        Optional<Instant> lastEndOfClaimedBefore = lastEnd(jobs.stream().filter(job -> Instant.parse(job.getString("createdAt")).isBefore(blockedAt)));
        Optional<Instant> lastEnd = lastEnd(jobs.stream());
        boolean pass = blocked.getString("blockedReason").contains("minimumFreeSpace") && tookNothingMore && corrupt == 0
                && inputWhileBlocked == inputAtBlock + LATE_FILES && exactlyOnce == total && results.size() == total && corruptAfter == 0
                && inStage == 0;
        return new CrashTorture.Verdict(String.format("disk full on the result volume: %d files of %d KiB into %d MiB: BLOCKED (\"%s\") with %d results written, "
                        + "%d jobs kept in stage, %d files in the input folder at the block and %d dropped after it: %d there 5 s later, "
                        + "nothing more written while blocked: %s, %d corrupt; "
                        + "the volume grown, the endpoint resumed by itself %.1f s later, the last of the %d jobs claimed before the block "
                        + "ended %s after the growth and the last job %s after it: %d in result exactly once, %d corrupt, "
                        + "%d in stage, %.1f s from block to done: %s",
                total, FILE_BYTES / 1024, volumeMib, blocked.getString("blockedReason"), resultsWhileBlocked, stagedWhileBlocked,
                inputAtBlock, LATE_FILES, inputWhileBlocked, tookNothingMore, corrupt, resumedAfter.toMillis() / 1000.0, claimedBefore,
                lastEndOfClaimedBefore.map(at -> seconds(grown, at)).orElse("(none)"), lastEnd.map(at -> seconds(grown, at)).orElse("(none)"),
                exactlyOnce, corruptAfter, inStage, drained.toMillis() / 1000.0,
                pass ? "PASS" : "FAIL"), pass);
    }

    /**
     * The endpoint's jobs once all {@code total} have succeeded. The folders are looked at first:
     * they are cheap, and a listing of 20,000 jobs every half second would slow the stack it waits for.
     * It waits 15 minutes, or twice the time the scans need at {@link #BATCH_SIZE} a second if longer.
     */
    private static List<JsonObject> drained(ApiClient api, String name, Path folder, int total) throws Exception {
        Duration scans = Duration.ofSeconds(2L * total / BATCH_SIZE);
        Duration wait = scans.compareTo(Duration.ofMinutes(15)) > 0 ? scans : Duration.ofMinutes(15);
        Instant deadline = Instant.now().plus(wait);
        List<JsonObject> jobs = List.of();
        while (Instant.now().isBefore(deadline)) {
            if (inputFiles(folder) == 0 && Drops.filesInStage(folder.resolve("stage")).size() == 0) {
                try {
                    jobs = CrashTorture.allJobs(api, name);
                    if (jobs.size() == total && jobs.stream().allMatch(job -> job.getString("state").equals("SUCCEEDED"))) {
                        return jobs;
                    }
                } catch (CrashTorture.ListingRefused refused) {
                    // Looked at again at the next turn: a refused page is no verdict.
                }
            }
            Thread.sleep(2000);
        }
        throw new IllegalStateException("not every job succeeded within " + wait.toSeconds() + " s: " + jobs.size() + " jobs listed");
    }

    private static long inputFiles(Path folder) throws IOException {
        try (Stream<Path> top = Files.list(folder)) {
            return top.filter(Files::isRegularFile).count();
        }
    }

    private static Optional<Instant> lastEnd(Stream<JsonObject> jobs) {
        return jobs.filter(job -> job.containsKey("finishedAt")).map(job -> Instant.parse(job.getString("finishedAt"))).max(Instant::compareTo);
    }

    private static String seconds(Instant from, Instant to) {
        return String.format("%.1f s", Duration.between(from, to).toMillis() / 1000.0);
    }

    private static void drop(Path folder, Path incoming, Random random, Map<String, byte[]> dropped, int first, int count)
            throws IOException {
        for (int i = first; i < first + count; i++) {
            byte[] content = new byte[FILE_BYTES];
            random.nextBytes(content);
            String file = "d" + i + ".bin";
            Files.write(incoming.resolve(file), content);
            Files.move(incoming.resolve(file), folder.resolve(file), StandardCopyOption.ATOMIC_MOVE);
            dropped.put(file, sha256(content));
        }
    }

    private static List<Path> results(Path volume) throws IOException {
        if (Files.notExists(volume.resolve("result"))) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(volume.resolve("result"))) {
            return walk.filter(Files::isRegularFile).toList();
        }
    }

    /** Results whose bytes differ from what was dropped, and hidden leftovers of an interrupted copy. */
    private static long corrupt(Path volume, Map<String, byte[]> dropped) throws IOException {
        long corrupt = 0;
        for (Path result : results(volume)) {
            byte[] expected = dropped.get(result.getFileName().toString());
            if (expected == null || !Arrays.equals(expected, sha256(Files.readAllBytes(result)))) {
                corrupt++;
            }
        }
        return corrupt;
    }

    private static byte[] sha256(byte[] content) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(content);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }

    private static <T> T await(Supplier<T> read, Predicate<T> done) throws InterruptedException {
        Instant deadline = Instant.now().plus(Duration.ofMinutes(5));
        T value = read.get();
        while (!done.test(value)) {
            if (Instant.now().isAfter(deadline)) {
                throw new IllegalStateException("not reached within 5 minutes: " + value);
            }
            Thread.sleep(500);
            value = read.get();
        }
        return value;
    }

    private static void mount(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).inheritIO().start();
        if (process.waitFor() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed (exit " + process.exitValue()
                    + "); the disk-full run mounts a small tmpfs and needs root");
        }
    }
}
