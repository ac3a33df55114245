package dev.conveyor.bench;

import dev.conveyor.stack.Stack;
import dev.conveyor.web.testing.ApiClient;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;

/**
 * Conveyor's cost per file against its floor and a peer, side by side in one run: N small files
 * moved at once into (1) a plain Java loop doing the same file-system work per file (rename into
 * a stage folder, copy to an output folder, move the source to a done folder), (2) an Apache Camel
 * file route doing the same moves in this JVM, without persistence, and (3) Conveyor's
 * asynchronous and synchronous {@code copy} endpoints on the real stack, then the asynchronous one
 * again on the JVM those two runs warmed. Each rate runs from the
 * first file moved in to the last file done; CPU per file is Payara Micro's and the broker's for
 * Conveyor and this JVM's (less the thread moving files in) for the loop and Camel. With DATABASE
 * postgresql the stack runs on a new PostgreSQL database of its own, whose processes' CPU is
 * given apart. The environment variable {@value #MORE_SETTINGS} adds settings to Conveyor's
 * endpoints, as JSON members ({@code "maxQueueSize":2000}), for a comparison of settings;
 * {@value #NAME_PREFIX} begins every file's name (default {@code f}, then the file's number and
 * {@code .bin}): {@code "Scan 07.12. "} gives names as scanners and people write them, a space
 * and dots that a result's name escapes.
 */
public final class ThroughputBenchmark {

    private static final String MORE_SETTINGS = "BENCH_ENDPOINT_SETTINGS";
    private static final String NAME_PREFIX = "BENCH_NAME_PREFIX";

    private record Rate(String name, double filesPerSecond, double cpuMillisPerFile, String note) {
    }

    private final Path work;
    private final int files;
    private final int size;
    private final int batch;
    private final boolean onPostgres;

    private ThroughputBenchmark(Path work, int files, int size, int batch, boolean onPostgres) {
        this.work = work;
        this.files = files;
        this.size = size;
        this.batch = batch;
        this.onPostgres = onPostgres;
    }

    public static void main(String[] args) throws Exception {
        int files = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        int size = args.length > 1 ? Integer.parseInt(args[1]) : 1024;
        int batch = args.length > 2 ? Integer.parseInt(args[2]) : 1000;
        String database = args.length > 3 ? args[3] : "h2";
        if (!database.equals("h2") && !database.equals("postgresql")) {
            throw new IllegalArgumentException("DATABASE is '" + database + "'; use h2 (the default) or postgresql");
        }
        Stack stack = Stack.fromBuild("bench-password");
        boolean onPostgres = database.equals("postgresql");
        if (onPostgres) {
            stack = Measures.onNewPostgresDatabase(stack, "conveyor_throughput");
        }
        EndToEndBenchmark.deleteTree(stack.var());
        Path work = stack.var().resolveSibling("throughput");
        EndToEndBenchmark.deleteTree(work);
        ThroughputBenchmark bench = new ThroughputBenchmark(work, files, size, batch, onPostgres);
        System.out.println(Measures.machine());
        System.out.printf("load: %d files of %d bytes moved in at once; batch %d; Conveyor: copy endpoints, repeatInterval 1 s,"
                + " result/ and preserve/ folders without date subfolders, %s, persistent messages%n", files, size, batch,
                onPostgres ? "PostgreSQL (database conveyor_throughput on 127.0.0.1:5432)" : "H2");
        if (!moreSettings().isEmpty()) {
            System.out.println("endpoint settings added (" + MORE_SETTINGS + "): " + moreSettings());
        }
        System.out.println("file names: '" + namePrefix() + "0.bin' and on");
        List<Rate> rates = new ArrayList<>();
        measure(rates, bench::plainLoop);
        measure(rates, bench::camel);
        try (Stack running = stack.start()) {
            measure(rates, () -> bench.conveyor(running, true, "async"));
            measure(rates, () -> bench.conveyor(running, false, "sync"));
            // The first run pays for the JIT's warm-up (its compiler threads take a third and more of the CPU of a fresh
            // stack's first 30,000 files): the same load again on the JVM the two runs warmed shows the cost past it.
            measure(rates, () -> bench.conveyor(running, true, "async warm"));
        }
        System.out.printf("%-20s %10s %14s  %s%n", "", "files/s", "CPU ms/file", "");
        for (Rate rate : rates) {
            System.out.printf("%-20s %10.1f %14.3f  %s%n", rate.name, rate.filesPerSecond, rate.cpuMillisPerFile, rate.note);
        }
        Rate loop = rates.get(0);
        Rate camel = rates.get(1);
        for (Rate conveyor : rates.subList(2, rates.size())) {
            System.out.printf("ratio %s/camel %.3f, %s/loop %.4f (CPU per file: %.1fx camel's)%n", conveyor.name,
                    conveyor.filesPerSecond / camel.filesPerSecond, conveyor.name, conveyor.filesPerSecond / loop.filesPerSecond,
                    conveyor.cpuMillisPerFile / camel.cpuMillisPerFile);
        }
    }

    private interface Run {
        Rate measure() throws Exception;
    }

    /** Runs one measurement and prints it at once, so a long run shows its progress. */
    private static void measure(List<Rate> rates, Run run) throws Exception {
        Rate rate = run.measure();
        System.out.printf("%s: %.1f files/s, %.3f CPU ms/file%n", rate.name, rate.filesPerSecond, rate.cpuMillisPerFile);
        rates.add(rate);
    }

    /** The floor: one thread renames each file into stage/, copies it to out/ and moves it to done/. */
    private Rate plainLoop() throws IOException {
        Path in = Files.createDirectories(work.resolve("loop/in"));
        Path stage = Files.createDirectories(in.resolve("stage"));
        Path out = Files.createDirectories(work.resolve("loop/out"));
        Path done = Files.createDirectories(in.resolve("done"));
        List<Path> dropped = Measures.randomFiles(Files.createDirectories(work.resolve("loop/incoming")), files, size, namePrefix());
        long cpuBefore = threadCpuNanos();
        long start = System.nanoTime();
        Measures.moveAll(dropped, in);
        try (DirectoryStream<Path> listing = Files.newDirectoryStream(in, Files::isRegularFile)) {
            for (Path file : listing) {
                Path staged = Files.move(file, stage.resolve(file.getFileName()), StandardCopyOption.ATOMIC_MOVE);
                Files.copy(staged, out.resolve(file.getFileName()), StandardCopyOption.COPY_ATTRIBUTES);
                Files.move(staged, done.resolve(file.getFileName()), StandardCopyOption.ATOMIC_MOVE);
            }
        }
        long nanos = System.nanoTime() - start;
        long cpu = threadCpuNanos() - cpuBefore;
        expectFiles(out, done);
        return new Rate("plain loop", files / (nanos / 1e9), cpu / 1e6 / files, "one thread, this JVM");
    }

    /**
     * The peer: a Camel file route, started in this JVM before the files come. The consumer takes
     * up to a batch per poll and polls again at once while it finds files (greedy), else after
     * 1 s: Conveyor's repeatInterval and batchSize. Files come in whole (moved), so no read lock.
     * Timed until the last output is written; Camel then moves that source to done (into
     * stage/done/, as its move option is relative to where preMove put the file).
     */
    private Rate camel() throws Exception {
        Path in = Files.createDirectories(work.resolve("camel/in"));
        Path out = Files.createDirectories(work.resolve("camel/out"));
        List<Path> dropped = Measures.randomFiles(Files.createDirectories(work.resolve("camel/incoming")), files, size, namePrefix());
        String options = "preMove=stage&move=done&readLock=none&maxMessagesPerPoll=" + batch + "&delay=1000&greedy=true";
        AtomicInteger written = new AtomicInteger();
        AtomicLong lastWritten = new AtomicLong();
        CountDownLatch allWritten = new CountDownLatch(1);
        try (CamelContext camel = new DefaultCamelContext()) {
            camel.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("file:" + in + "?" + options).to("file:" + out).process(exchange -> {
                        if (written.incrementAndGet() == files) {
                            lastWritten.set(System.nanoTime());
                            allWritten.countDown();
                        }
                    });
                }
            });
            camel.start();
            long cpuBefore = processCpuNanos();
            long moverCpuBefore = threadCpuNanos();
            long start = System.nanoTime();
            Measures.moveAll(dropped, in);
            long moverCpu = threadCpuNanos() - moverCpuBefore;
            if (!allWritten.await(90, TimeUnit.MINUTES)) {
                throw new IllegalStateException("Camel wrote " + written.get() + " of " + files + " files in 90 minutes");
            }
            long cpu = processCpuNanos() - cpuBefore - moverCpu;
            Path done = in.resolve("stage/done");
            Measures.awaitFiles(done, files, () -> { });
            expectFiles(out, done);
            return new Rate("camel", files / ((lastWritten.get() - start) / 1e9), cpu / 1e6 / files,
                    "Camel " + camel.getVersion() + ", file:in?" + options + " -> file:out");
        }
    }

    private static String moreSettings() {
        return System.getenv().getOrDefault(MORE_SETTINGS, "").strip();
    }

    private static String namePrefix() {
        return System.getenv().getOrDefault(NAME_PREFIX, "f");
    }

    /**
     * A copy endpoint of its own on the real stack, named after {@code run}: done when every result
     * is in result/ and no job of the endpoint is unfinished; the rate runs to the last job's finishedAt.
     */
    private Rate conveyor(Stack stack, boolean asynchronous, String run) throws Exception {
        String mode = run.replace(' ', '-');
        ApiClient api = stack.api();
        String name = "throughput-" + mode;
        Path folder = Measures.createEndpoint(api, "{\"name\":\"" + name + "\",\"path\":\"" + name + "\",\"operationName\":\"copy\","
                + "\"repeatInterval\":1,\"batchSize\":" + batch + ",\"asynchronous\":" + asynchronous
                + ",\"resultFolder\":\"result/\",\"preserveFolder\":\"preserve/\""
                + (moreSettings().isEmpty() ? "" : "," + moreSettings()) + "}");
        List<Path> dropped = Measures.randomFiles(Files.createDirectories(stack.var().resolve("incoming-" + mode)), files, size, namePrefix());
        long cpuBefore = Measures.serverCpuMillis(stack.var());
        long brokerBefore = Measures.brokerCpuMillis(stack.var());
        long compilerBefore = Measures.compilerCpuMillis(stack.var());
        long collectorBefore = Measures.collectorCpuMillis(stack.var());
        long postgresBefore = onPostgres ? Measures.postgresCpuMillis() : 0;
        Instant start = Instant.now();
        Measures.moveAll(dropped, folder);
        Measures.awaitFiles(folder.resolve("result"), files, () -> Measures.expectNoFailedJob(api, name));
        Instant seen = Measures.awaitFinished(api, name);
        long cpu = Measures.serverCpuMillis(stack.var()) - cpuBefore;
        long broker = Measures.brokerCpuMillis(stack.var()) - brokerBefore;
        long compiler = Measures.compilerCpuMillis(stack.var()) - compilerBefore;
        long collector = Measures.collectorCpuMillis(stack.var()) - collectorBefore;
        String postgres = onPostgres
                ? String.format("; PostgreSQL's processes %.3f ms/file more", (double) (Measures.postgresCpuMillis() - postgresBefore) / files)
                : "";
        // The API lists at most 10,000 jobs, newest first: beyond that the last finish is read
        // among the newest; the bench's own sighting of the end bounds it from above.
        Instant last = Measures.succeeded(api, name, Math.min(files, Measures.MAX_LISTED)).stream()
                .map(job -> Instant.parse(job.getString("finishedAt"))).max(Instant::compareTo).orElseThrow();
        expectFiles(folder.resolve("result"), folder.resolve("preserve"));
        String note = String.format("%s copy endpoint; of its CPU %.3f ms/file the broker's, %.3f in Payara's JIT compiler, %.3f in its"
                + " garbage collector%s; all done seen by the bench %.1f s after the first move, last finishedAt %.1f s",
                asynchronous ? "asynchronous" : "synchronous", (double) broker / files, (double) compiler / files, (double) collector / files,
                postgres, seconds(start, seen), seconds(start, last));
        return new Rate("conveyor " + run, files / seconds(start, last), (double) cpu / files, note);
    }

    /** Every file has its copy in {@code out} and its source in {@code done}. */
    private void expectFiles(Path out, Path done) throws IOException {
        long outputs = Measures.countFiles(out);
        long sources = Measures.countFiles(done);
        if (outputs != files || sources != files) {
            throw new IllegalStateException(outputs + " files in " + out + " and " + sources + " in " + done + "; expected " + files);
        }
    }

    private static double seconds(Instant from, Instant to) {
        return Duration.between(from, to).toMillis() / 1000.0;
    }

    private static long threadCpuNanos() {
        return ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }
}
