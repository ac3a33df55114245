package dev.conveyor.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What the embedded H2 spends on the job table alone, without Payara: the rows of JOBS jobs
 * written as a small-file pipeline writes them (a claim inserts 1,000 QUEUED rows in one JDBC
 * batch; a worker's start and its record each lock a chunk of 200 rows and update them, RUNNING
 * then SUCCEEDED, one transaction each), on the schema the migrations make and with the stack's
 * connection settings (WRITE_DELAY=0: every commit is written at once), through the H2 that
 * Payara Micro ships. Run by one writer, then by WRITERS writers at once (the stack's scan and
 * workers write side by side), each round on a new database: CPU per job (the writers' threads)
 * and bytes written to the database file per job (/proc/self/io). Arguments: [JOBS] [WRITERS]
 * (default 20000, 3).
 */
public final class JobRowBenchmark {

    private static final int CLAIM = 1000;
    private static final int CHUNK = 200;
    private static final int ROUNDS = 3;

    private final Driver driver;
    private final int jobs;

    private JobRowBenchmark(Driver driver, int jobs) {
        this.driver = driver;
        this.jobs = jobs;
    }

    public static void main(String[] args) throws Exception {
        int jobs = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        int writers = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        Driver driver = Measures.payaraH2Driver();
        System.out.println(Measures.machine());
        System.out.printf("load: %d job rows a round (claims of %d, starts and records of %d), H2 %d.%d as Payara Micro ships it,"
                + " WRITE_DELAY=0; one writer against %d at once, %d rounds each after two to warm up%n",
                jobs, CLAIM, CHUNK, driver.getMajorVersion(), driver.getMinorVersion(), writers, ROUNDS);
        JobRowBenchmark bench = new JobRowBenchmark(driver, jobs);
        for (int warmUp = 0; warmUp < 2; warmUp++) {
            bench.round(1);
            bench.round(writers);
        }
        List<Round> one = new ArrayList<>();
        List<Round> many = new ArrayList<>();
        for (int round = 0; round < ROUNDS; round++) {
            one.add(bench.round(1));
            many.add(bench.round(writers));
        }
        for (int round = 0; round < ROUNDS; round++) {
            System.out.printf("round %d: 1 writer %.1f us CPU, %.2f KB written a job; %d writers %.1f us CPU, %.2f KB written a job%n",
                    round + 1, one.get(round).cpuMicros(), one.get(round).kilobytes(), writers, many.get(round).cpuMicros(),
                    many.get(round).kilobytes());
        }
        Round alone = Round.median(one);
        Round together = Round.median(many);
        System.out.printf("median: 1 writer %.1f us CPU and %.2f KB a job; %d writers %.1f us CPU and %.2f KB a job"
                        + " (x%.2f CPU, x%.2f bytes)%n", alone.cpuMicros(), alone.kilobytes(), writers, together.cpuMicros(),
                together.kilobytes(), together.cpuMicros() / alone.cpuMicros(), together.kilobytes() / alone.kilobytes());
    }

    private record Round(double cpuMicros, double kilobytes) {
        static Round median(List<Round> rounds) {
            List<Double> cpu = rounds.stream().map(Round::cpuMicros).sorted().toList();
            List<Double> bytes = rounds.stream().map(Round::kilobytes).sorted().toList();
            return new Round(cpu.get(cpu.size() / 2), bytes.get(bytes.size() / 2));
        }
    }

    /** The jobs' rows written by {@code writers} threads at once, into a new database; per job. */
    private Round round(int writers) throws Exception {
        Path folder = Files.createTempDirectory("job-rows");
        String url = "jdbc:h2:" + folder.resolve("conveyor") + ";WRITE_DELAY=0;LOCK_TIMEOUT=10000;CACHE_SIZE=65536";
        try (Connection schema = connect(url)) {
            migrate(schema);
            AtomicLong cpuNanos = new AtomicLong();
            List<Thread> threads = new ArrayList<>();
            List<Exception> failures = new ArrayList<>();
            long writtenBefore = bytesWritten();
            for (int writer = 0; writer < writers; writer++) {
                Thread thread = new Thread(() -> {
                    long started = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
                    try (Connection db = connect(url)) {
                        writeJobs(db, jobs / writers);
                    } catch (Exception e) {
                        synchronized (failures) {
                            failures.add(e);
                        }
                    }
                    cpuNanos.addAndGet(ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - started);
                }, "writer-" + writer);
                threads.add(thread);
                thread.start();
            }
            for (Thread thread : threads) {
                thread.join();
            }
            if (!failures.isEmpty()) {
                throw failures.get(0);
            }
            int written = jobs / writers * writers;
            return new Round(cpuNanos.get() / 1e3 / written, (bytesWritten() - writtenBefore) / 1024.0 / written);
        } finally {
            deleteTree(folder);
        }
    }

    /** Claims {@code count} jobs a batch at a time; each batch's jobs are started and recorded a chunk at a time. */
    private static void writeJobs(Connection db, int count) throws SQLException {
        db.setAutoCommit(false);
        for (int claimed = 0; claimed < count; claimed += CLAIM) {
            List<String> ids = claim(db, Math.min(CLAIM, count - claimed));
            for (int from = 0; from < ids.size(); from += CHUNK) {
                List<String> chunk = ids.subList(from, Math.min(ids.size(), from + CHUNK));
                lock(db, chunk);
                update(db, chunk, "UPDATE CNV_JOB SET ATTEMPTS = 1, CHANGEDAT = ?, NODE = 'node-1', STARTEDAT = ?, STATE = 'RUNNING',"
                        + " VERSION = 2 WHERE ID = ? AND VERSION = 1");
                lock(db, chunk);
                update(db, chunk, "UPDATE CNV_JOB SET CHANGEDAT = ?, FINISHEDAT = ?, RESULTS = '[\"result/out.txt\"]',"
                        + " STATE = 'SUCCEEDED', SUCCEEDED = TRUE, VERSION = 3 WHERE ID = ? AND VERSION = 2");
            }
        }
    }

    private static List<String> claim(Connection db, int count) throws SQLException {
        List<String> ids = new ArrayList<>();
        try (PreparedStatement insert = db.prepareStatement("INSERT INTO CNV_JOB (ID, ATTEMPTS, ATTRIBUTES, CHANGEDAT, CREATEDAT,"
                + " ENDPOINT, JMSPRIORITY, RESULTS, SOURCE, STATE, VERSION) VALUES (?, 0, ?, ?, ?, 'bench-copy', 4, '[]', ?, 'QUEUED', 1)")) {
            long now = System.currentTimeMillis();
            for (int job = 0; job < count; job++) {
                String id = timeOrderedId(now);
                ids.add(id);
                Timestamp at = new Timestamp(now);
                insert.setString(1, id);
                insert.setString(2, "{\"file.name\":\"scan-" + job + ".pdf\",\"file.size\":\"1024\"}");
                insert.setTimestamp(3, at);
                insert.setTimestamp(4, at);
                insert.setString(5, "/var/folders/bench-copy/stage/" + id + "/in/scan-" + job + ".pdf");
                insert.addBatch();
            }
            insert.executeBatch();
        }
        db.commit();
        return ids;
    }

    /** Reads and locks the chunk's rows together, as a start or a record does. */
    private static void lock(Connection db, List<String> ids) throws SQLException {
        String marks = String.join(", ", ids.stream().map(id -> "?").toList());
        try (PreparedStatement select = db.prepareStatement("SELECT * FROM CNV_JOB WHERE ID IN (" + marks + ") FOR UPDATE")) {
            for (int i = 0; i < ids.size(); i++) {
                select.setString(i + 1, ids.get(i));
            }
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    rows.getString("SOURCE");
                }
            }
        }
    }

    /** Changes the chunk's rows in one JDBC batch and commits. */
    private static void update(Connection db, List<String> ids, String sql) throws SQLException {
        try (PreparedStatement update = db.prepareStatement(sql)) {
            Timestamp now = new Timestamp(System.currentTimeMillis());
            for (String id : ids) {
                update.setTimestamp(1, now);
                update.setTimestamp(2, now);
                update.setString(3, id);
                update.addBatch();
            }
            update.executeBatch();
        }
        db.commit();
    }

    /** A version 7 UUID, as JobIds makes them: the rows of one claim sit side by side in every index ending with the id. */
    private static String timeOrderedId(long epochMillis) {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        long mostSignificant = (epochMillis << 16) | 0x7000L | (random.nextLong() & 0x0FFFL);
        long leastSignificant = (random.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
        return new UUID(mostSignificant, leastSignificant).toString();
    }

    private Connection connect(String url) throws SQLException {
        Properties credentials = new Properties();
        credentials.setProperty("user", "sa");
        credentials.setProperty("password", "");
        return driver.connect(url, credentials);
    }

    /** The migrations the application runs at start-up (Flyway's H2 scripts), statement by statement. */
    private static void migrate(Connection db) throws IOException, SQLException {
        Path scripts = Path.of(System.getProperty("conveyor.top", ".")).resolve("ejb/src/main/resources/db/migration/h2");
        List<Path> versions;
        try (Stream<Path> files = Files.list(scripts)) {
            versions = files.filter(file -> file.getFileName().toString().matches("V[0-9]+__.*\\.sql"))
                    .sorted((a, b) -> Integer.compare(version(a), version(b))).toList();
        }
        try (Statement statement = db.createStatement()) {
            for (Path script : versions) {
                // Comments first: they may hold a semicolon.
                String withoutComments = Files.readString(script, StandardCharsets.UTF_8).lines()
                        .filter(line -> !line.strip().startsWith("--")).collect(Collectors.joining("\n"));
                for (String sql : withoutComments.split(";")) {
                    if (!sql.isBlank()) {
                        statement.execute(sql);
                    }
                }
            }
        }
    }

    private static int version(Path script) {
        String name = script.getFileName().toString();
        return Integer.parseInt(name.substring(1, name.indexOf("__")));
    }

    /** Bytes this process has caused to be written to storage (/proc/self/io write_bytes). */
    private static long bytesWritten() throws IOException {
        return Files.readAllLines(Path.of("/proc/self/io")).stream().filter(line -> line.startsWith("write_bytes:"))
                .mapToLong(line -> Long.parseLong(line.substring("write_bytes:".length()).strip())).findFirst().orElse(0);
    }

    private static void deleteTree(Path folder) throws IOException {
        try (Stream<Path> files = Files.walk(folder)) {
            for (Path file : files.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
                Files.delete(file);
            }
        }
    }
}
