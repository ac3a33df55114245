package dev.conveyor.stack;

import dev.conveyor.web.testing.ApiClient;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * A result volume that fills up: a tmpfs of {@code volumeMib} MiB (root is needed to mount it)
 * holds the endpoint's result folder, with minimumFreeSpace 1 MiB, and more files than it holds
 * are dropped. The endpoint must stop taking work (BLOCKED, with its reason) and corrupt nothing;
 * once the volume is made larger (space returns) it must resume by itself, and every file must
 * end in result exactly once. Run short by DiskFullIT, as asked by bench/run diskfull.
 */
public final class DiskFull {

    private static final int FILE_BYTES = 256 * 1024;
    /** Dropped once the endpoint is blocked: they must wait in the input folder. */
    private static final int LATE_FILES = 5;

    private DiskFull() {
    }

    /** Mounts the volume beside the endpoint's folder, below the stack's allowed root, runs, unmounts. */
    public static CrashTorture.Verdict run(Stack stack, String name, int files, int volumeMib) throws Exception {
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
                + "\"repeatInterval\":1,\"batchSize\":20,\"resultFolder\":\"" + volume.resolve("result") + "/\","
                + "\"minimumFreeSpace\":1,\"sleepOnOverStore\":500,\"sleepOnOverStoreRetryCount\":2}");
        Path incoming = Files.createDirectories(stack.var().resolve("incoming-" + name));
        Random random = new Random(11);
        Map<String, byte[]> dropped = new HashMap<>();
        drop(folder, incoming, random, dropped, 0, files);
        JsonObject blocked = await(() -> api.get("endpoints/" + name).object(), e -> e.getString("state").equals("BLOCKED"));
        Instant blockedAt = Instant.now();
        drop(folder, incoming, random, dropped, files, LATE_FILES);
        Thread.sleep(5000);
        int resultsWhileBlocked = results(volume).size();
        long inputWhileBlocked;
        try (Stream<Path> top = Files.list(folder)) {
            inputWhileBlocked = top.filter(Files::isRegularFile).count();
        }
        long stagedWhileBlocked;
        try (Stream<Path> jobFolders = Files.list(folder.resolve("stage"))) {
            stagedWhileBlocked = jobFolders.filter(Files::isDirectory).count();
        }
        boolean tookNothingMore = resultsWhileBlocked == results(volume).size();
        long corrupt = corrupt(volume, dropped);

        mount("mount", "-o", "remount,size=" + (volumeMib * 8) + "m", volume.toString());
        Instant grown = Instant.now();
        await(() -> api.get("endpoints/" + name).object(), e -> e.getString("state").equals("ENABLED"));
        Duration resumedAfter = Duration.between(grown, Instant.now());
        await(() -> api.get("jobs?endpoint=" + name + "&limit=10000").array().getValuesAs(JsonObject.class),
                jobs -> jobs.size() == files + LATE_FILES && jobs.stream().allMatch(job -> job.getString("state").equals("SUCCEEDED")));
        Duration drained = Duration.between(blockedAt, Instant.now());
        List<Path> results = results(volume);
        long exactlyOnce = dropped.keySet().stream().filter(file -> results.stream()
                .filter(result -> result.getFileName().toString().equals(file)).count() == 1).count();
        long corruptAfter = corrupt(volume, dropped);
        long inStage = entries(folder.resolve("stage"), Files::isRegularFile);
        int total = files + LATE_FILES;
        boolean pass = blocked.getString("blockedReason").contains("minimumFreeSpace") && tookNothingMore && corrupt == 0
                && inputWhileBlocked == LATE_FILES && exactlyOnce == total && results.size() == total && corruptAfter == 0 && inStage == 0;
        return new CrashTorture.Verdict(String.format("disk full on the result volume: %d files of %d KiB into %d MiB: BLOCKED (\"%s\") with %d results written, "
                        + "%d jobs kept in stage, %d of %d files dropped after the block left in the input folder, nothing more written while blocked: %s, %d corrupt; "
                        + "the volume grown, the endpoint resumed by itself %.1f s later: %d in result exactly once, %d corrupt, "
                        + "%d in stage, %.1f s from block to done: %s",
                total, FILE_BYTES / 1024, volumeMib, blocked.getString("blockedReason"), resultsWhileBlocked, stagedWhileBlocked,
                inputWhileBlocked, LATE_FILES, tookNothingMore, corrupt, resumedAfter.toMillis() / 1000.0, exactlyOnce, corruptAfter,
                inStage, drained.toMillis() / 1000.0,
                pass ? "PASS" : "FAIL"), pass);
    }

    private static void drop(Path folder, Path incoming, Random random, Map<String, byte[]> dropped, int first, int count)
            throws IOException {
        for (int i = first; i < first + count; i++) {
            byte[] content = new byte[FILE_BYTES];
            random.nextBytes(content);
            String file = "d" + i + ".bin";
            Files.write(incoming.resolve(file), content);
            Files.move(incoming.resolve(file), folder.resolve(file), StandardCopyOption.ATOMIC_MOVE);
            dropped.put(file, content);
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
            if (expected == null || !Arrays.equals(expected, Files.readAllBytes(result))) {
                corrupt++;
            }
        }
        return corrupt;
    }

    private static long entries(Path folder, Predicate<Path> kind) throws IOException {
        if (Files.notExists(folder)) {
            return 0;
        }
        try (Stream<Path> walk = Files.walk(folder)) {
            return walk.filter(kind).count();
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
