package dev.conveyor.bench;

import dev.conveyor.stack.Stack;
import dev.conveyor.web.testing.ApiClient;
import dev.conveyor.web.testing.ApiClient.Reply;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Driver;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Predicate;
import java.util.jar.JarFile;

/** What the benchmarks share: the machine line, endpoints, waiting for jobs, percentiles. */
final class Measures {

    /** USER_HZ, the unit of /proc/PID/stat's times: 100 on every Linux this runs on. */
    private static final long CLOCK_TICKS_PER_SECOND = 100;

    /** The most jobs GET /api/jobs lists in one answer (its limit's upper bound). */
    static final int MAX_LISTED = 10_000;

    /** The job states of a job in progress, as the API spells them. */
    private static final List<String> UNFINISHED = List.of("STAGED", "QUEUED", "RUNNING", "WRITING", "WAITING");

    /** How often a wait looks again: a listing of 20,000 names or a small API call costs a few ms. */
    private static final Duration POLL = Duration.ofMillis(200);

    /** How long a wait lasts before it gives up: 20,000 files at 10 files/s on a crowded machine take 33 minutes. */
    private static final Duration PATIENCE = Duration.ofMinutes(90);

    private Measures() {
    }

    static String machine() {
        var os = ManagementFactory.getOperatingSystemMXBean();
        long memory = os instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getTotalMemorySize() : -1;
        return String.format("machine: %d cores, %.1f GiB RAM, %s %s, Java %s", Runtime.getRuntime().availableProcessors(),
                memory / (1024.0 * 1024 * 1024), os.getName(), os.getArch(), System.getProperty("java.version"));
    }

    /** The H2 driver inside Payara Micro's jar: the version the stack's embedded database runs. */
    static Driver payaraH2Driver() throws Exception {
        Path payara = Path.of(System.getProperty("conveyor.top", ".")).resolve("deploy/target/runtime/payara-micro.jar");
        Path h2 = Files.createTempFile("payara-h2", ".jar");
        try (JarFile jar = new JarFile(payara.toFile()); InputStream in = jar.getInputStream(jar.getEntry("MICRO-INF/runtime/h2.jar"))) {
            Files.copy(in, h2, StandardCopyOption.REPLACE_EXISTING);
        }
        h2.toFile().deleteOnExit();
        ClassLoader loader = new URLClassLoader(new URL[] {h2.toUri().toURL()}, Measures.class.getClassLoader());
        return (Driver) loader.loadClass("org.h2.Driver").getDeclaredConstructor().newInstance();
    }

    /** The example operation text.uppercase, whose delayMillis input lets a bench choose how long a job holds its worker. */
    static Path exampleOperation() {
        return Path.of(System.getProperty("conveyor.top"), "examples/uppercase-operation/target/uppercase-operation.jar");
    }

    /** An endpoint's operation settings for text.uppercase jobs that each hold their worker for {@code jobMillis}. */
    static String uppercaseTaking(long jobMillis) {
        return "\"operationName\":\"text.uppercase\",\"inputParameterMappings\":{\"delayMillis\":"
                + "{\"type\":\"literal\",\"value\":\"" + jobMillis + "\"}}";
    }

    static Path createEndpoint(ApiClient api, String json) {
        Reply created = api.post("endpoints", json);
        if (created.status() != 201) {
            throw new IllegalStateException("cannot create endpoint: " + created);
        }
        return Path.of(created.object().getString("path"));
    }

    /** Waits until {@code expected} jobs succeeded (at most {@link #MAX_LISTED}), filtered by endpoint when one is given. */
    static List<JsonObject> awaitSucceeded(ApiClient api, String endpoint, int expected) throws InterruptedException {
        Instant deadline = Instant.now().plus(PATIENCE);
        while (Instant.now().isBefore(deadline)) {
            List<JsonObject> jobs = succeeded(api, endpoint, MAX_LISTED);
            if (jobs.size() >= expected) {
                return jobs;
            }
            Thread.sleep(500);
        }
        throw new IllegalStateException("fewer than " + expected + " jobs succeeded within " + PATIENCE.toMinutes() + " minutes");
    }

    /** The newest {@code limit} succeeded jobs (by creation), of one endpoint when one is given. */
    static List<JsonObject> succeeded(ApiClient api, String endpoint, int limit) {
        return jobs(api, endpoint, "SUCCEEDED", limit);
    }

    private static List<JsonObject> jobs(ApiClient api, String endpoint, String state, int limit) {
        String query = "jobs?state=" + state + "&limit=" + limit + (endpoint == null ? "" : "&endpoint=" + endpoint);
        return api.get(query).array().getValuesAs(JsonObject.class);
    }

    /** Fails at once when a job of the endpoint failed: a throughput run then measures nothing. */
    static void expectNoFailedJob(ApiClient api, String endpoint) {
        List<JsonObject> failed = jobs(api, endpoint, "FAILED", 1);
        if (!failed.isEmpty()) {
            throw new IllegalStateException("a job of " + endpoint + " failed: " + failed.get(0));
        }
    }

    /**
     * Waits until none of the endpoint's jobs is in progress; returns when the bench saw it. For
     * more jobs than the API lists at once: a few calls with limit 1 instead of a count.
     */
    static Instant awaitFinished(ApiClient api, String endpoint) throws InterruptedException {
        Instant deadline = Instant.now().plus(PATIENCE);
        while (Instant.now().isBefore(deadline)) {
            if (UNFINISHED.stream().allMatch(state -> jobs(api, endpoint, state, 1).isEmpty())) {
                return Instant.now();
            }
            Thread.sleep(POLL.toMillis());
        }
        throw new IllegalStateException("jobs of " + endpoint + " still unfinished after " + PATIENCE.toMinutes() + " minutes");
    }

    /**
     * Waits until {@code folder} holds {@code expected} files, running {@code check} about every
     * 5 s (it throws to give up early). Listing the folder costs the server nothing, unlike
     * asking its API, and counts past the API's listing limit.
     */
    static void awaitFiles(Path folder, int expected, Runnable check) throws IOException, InterruptedException {
        Instant deadline = Instant.now().plus(PATIENCE);
        Instant nextCheck = Instant.now();
        while (Instant.now().isBefore(deadline)) {
            if (Files.isDirectory(folder) && countFiles(folder) >= expected) {
                return;
            }
            if (Instant.now().isAfter(nextCheck)) {
                check.run();
                nextCheck = Instant.now().plusSeconds(5);
            }
            Thread.sleep(POLL.toMillis());
        }
        throw new IllegalStateException(folder + " holds fewer than " + expected + " files after " + PATIENCE.toMinutes() + " minutes");
    }

    /** The regular files directly in {@code folder}. */
    static long countFiles(Path folder) throws IOException {
        long count = 0;
        try (DirectoryStream<Path> listing = Files.newDirectoryStream(folder)) {
            for (Path path : listing) {
                count += Files.isRegularFile(path) ? 1 : 0;
            }
        }
        return count;
    }

    /** Writes {@code count} files f0.bin, f1.bin, ... of {@code size} random bytes (the same bytes every run) into {@code folder}. */
    static List<Path> randomFiles(Path folder, int count, int size) throws IOException {
        return randomFiles(folder, count, size, "f");
    }

    /** {@code count} files of {@code size} random bytes, named {@code prefix}, their number and {@code .bin}. */
    static List<Path> randomFiles(Path folder, int count, int size, String prefix) throws IOException {
        Random random = new Random(7);
        List<Path> files = new ArrayList<>(count);
        byte[] content = new byte[size];
        for (int i = 0; i < count; i++) {
            random.nextBytes(content);
            files.add(Files.write(folder.resolve(prefix + i + ".bin"), content));
        }
        return files;
    }

    /** Moves the files into {@code folder}, each in one rename, as a producer drops finished files. */
    static void moveAll(List<Path> files, Path folder) throws IOException {
        for (Path file : files) {
            Files.move(file, folder.resolve(file.getFileName()), StandardCopyOption.ATOMIC_MOVE);
        }
    }

    /**
     * CPU time the stack's processes (Payara Micro and the broker, by their pid files in
     * var/run) have used so far, in ms. On a machine shared with others it moves far less than
     * wall-clock rates do, so costs are compared on it too.
     */
    static long serverCpuMillis(Path var) throws IOException {
        return cpuMillis(var, "*.pid");
    }

    /** CPU time, in ms, of the stack's broker alone: its share of {@link #serverCpuMillis}. */
    static long brokerCpuMillis(Path var) throws IOException {
        return cpuMillis(var, "broker.pid");
    }

    /** CPU time, in ms, of the stack's processes whose pid files in var/run match {@code pidFiles} (a glob). */
    static long cpuMillis(Path var, String pidFiles) throws IOException {
        long ticks = 0;
        try (DirectoryStream<Path> pids = Files.newDirectoryStream(var.resolve("run"), pidFiles)) {
            for (Path pid : pids) {
                ticks += cpuTicks(Files.readString(Path.of("/proc", Files.readString(pid).trim(), "stat")));
            }
        }
        return ticks * 1000 / CLOCK_TICKS_PER_SECOND;
    }

    /**
     * CPU time, in ms, of Payara Micro's JIT compiler threads (HotSpot names them "C1 CompilerThread0",
     * "C2 CompilerThread0"): on a fresh stack they take a third of its CPU, which the code's own
     * cost per file does not show. A compiler thread that ended takes its time with it; with two
     * cores HotSpot keeps one of each for the JVM's life.
     */
    static long compilerCpuMillis(Path var) throws IOException {
        return cpuMillisOf(payaraThreads(var), name -> name.matches("C[12] CompilerThre.*"));
    }

    /**
     * CPU time, in ms, of Payara Micro's garbage collector threads, by the names HotSpot gives them
     * under G1 ("GC Thread#0", "G1 Conc#0", "G1 Refine#0", "G1 Service"...) and the parallel and
     * serial collectors ("GC Thread#0", "VM Thread": the serial collector works in the VM thread,
     * which also runs the JVM's other safepoint operations).
     */
    static long collectorCpuMillis(Path var) throws IOException {
        return cpuMillisOf(payaraThreads(var), name -> name.matches("GC Thread.*|G1 .*|VM Thread"));
    }

    private static Path payaraThreads(Path var) throws IOException {
        return Path.of("/proc", Files.readString(var.resolve("run/payara.pid")).trim(), "task");
    }

    /** CPU time, in ms, of the entries of a /proc folder (processes, or one's threads) whose command name matches. */
    private static long cpuMillisOf(Path procFolder, Predicate<String> commandName) throws IOException {
        long ticks = 0;
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(procFolder)) {
            for (Path entry : entries) {
                String stat;
                try {
                    stat = Files.readString(entry.resolve("stat"));
                } catch (IOException endedOrNotAProcess) {
                    continue;
                }
                if (commandName.test(stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')')))) {
                    ticks += cpuTicks(stat);
                }
            }
        }
        return ticks * 1000 / CLOCK_TICKS_PER_SECOND;
    }

    /** User and system time in a /proc stat line: after the command name in parentheses, state is field 3, utime 14 and stime 15. */
    private static long cpuTicks(String stat) {
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    }

    /**
     * A stack on a PostgreSQL database of its own on the machine's server (127.0.0.1:5432, user
     * postgres), new for each run: whatever an earlier run left there is dropped first.
     */
    static Stack onNewPostgresDatabase(Stack stack, String database) throws IOException, InterruptedException {
        Process drop = new ProcessBuilder("psql", "-h", "127.0.0.1", "-U", "postgres", "-d", "postgres", "-qc",
                "DROP DATABASE IF EXISTS " + database).inheritIO().start();
        if (drop.waitFor() != 0) {
            throw new IllegalStateException("psql could not drop the database " + database + " on 127.0.0.1:5432 (exit " + drop.exitValue() + ")");
        }
        return stack.with(Map.of("CONVEYOR_DB", "postgresql", "CONVEYOR_PG_DB", database));
    }

    /**
     * CPU time, in ms, of every process of the machine named postgres (the server and its
     * backends): a backend that ended since the last look takes its time with it, so a run's
     * figure is a floor.
     */
    static long postgresCpuMillis() throws IOException {
        return cpuMillisOf(Path.of("/proc"), "postgres"::equals);
    }

    /** The value at the given percentile of sorted values (nearest rank). */
    static long percentile(List<Long> sorted, int percent) {
        int index = (int) Math.ceil(percent / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, index));
    }
}
