package dev.conveyor.bench;

import dev.conveyor.schema.EmbeddedDatabaseRebuild;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import java.util.UUID;

/**
 * The H2 fault that {@link EmbeddedDatabaseRebuild} repairs, without Payara: a JVM writes a job
 * table as the stack does (two claimers insert 50 QUEUED rows a transaction, four workers move
 * rows to RUNNING, then SUCCEEDED, a transaction each; WRITE_DELAY=0, as deploy/run sets it) and
 * is killed (-9) after 1.5 to 4.5 s, CYCLES times, each start on the file the last kill left, as
 * H2 alone would be restarted. After each kill a copy of the file is looked at: the rows of every
 * state as H2's READ UNCOMMITTED counts them (what the file holds) against the committed ones
 * ({@link EmbeddedDatabaseRebuild#readCommitted}), a count not made of whole 50-row claims, and
 * committed rows the primary key's index does not find. A copy with any of these is rebuilt and
 * looked at again. Arguments: [CYCLES] [SEED] (default 40, 1).
 */
public final class H2CrashRun {

    private static final int CLAIM = 50;
    private static final String URL_SETTINGS = ";WRITE_DELAY=0;LOCK_TIMEOUT=10000";

    private H2CrashRun() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("writer")) {
            write(Path.of(args[1]));
            return;
        }
        int cycles = args.length > 0 ? Integer.parseInt(args[0]) : 40;
        Random random = new Random(args.length > 1 ? Long.parseLong(args[1]) : 1);
        Path folder = Files.createTempDirectory("h2crash");
        Path database = folder.resolve("jobs");
        System.out.println(Measures.machine());
        System.out.printf("H2 %s, %d kills -9 of a writer of claims of %d rows and their state changes%n",
                org.h2.engine.Constants.FULL_VERSION, cycles, CLAIM);
        int faulty = 0;
        int repaired = 0;
        for (int cycle = 1; cycle <= cycles; cycle++) {
            Process writer = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                    classPath(), H2CrashRun.class.getName(), "writer", database.toString()).inheritIO().start();
            Thread.sleep(1500 + random.nextInt(3000));
            writer.destroyForcibly().waitFor();
            Path copy = folder.resolve("copy");
            Files.copy(EmbeddedDatabaseRebuild.storeFile(database), EmbeddedDatabaseRebuild.storeFile(copy));
            List<String> found = faults(copy);
            String after = "";
            if (!found.isEmpty()) {
                faulty++;
                EmbeddedDatabaseRebuild.rebuild(copy);
                List<String> left = faults(copy);
                repaired += left.isEmpty() ? 1 : 0;
                after = left.isEmpty() ? "; rebuilt: none" : "; REBUILT, STILL: " + left;
            }
            System.out.printf("kill %d: %s%s%n", cycle, found.isEmpty() ? "none" : found, after);
            for (Path file : List.of(EmbeddedDatabaseRebuild.storeFile(copy), EmbeddedDatabaseRebuild.crashedCopy(copy))) {
                Files.deleteIfExists(file);
            }
        }
        System.out.printf("files with parts of unfinished transactions or unfound rows: %d of %d kills; rebuilt clean: %d of %d%n",
                faulty, cycles, repaired, faulty);
    }

    /** What in the file is not what its committed transactions made. */
    private static List<String> faults(Path database) throws SQLException {
        List<String> faults = new ArrayList<>();
        TreeMap<String, Long> committed = EmbeddedDatabaseRebuild.readCommitted(database, H2CrashRun::rowsByState);
        TreeMap<String, Long> inFile;
        try (Connection connection = DriverManager.getConnection("jdbc:h2:" + database, "", "")) {
            connection.setTransactionIsolation(Connection.TRANSACTION_READ_UNCOMMITTED);
            inFile = rowsByState(connection);
        }
        if (!inFile.equals(committed)) {
            faults.add("rows by state in the file " + inFile + ", committed " + committed);
        }
        long rows = committed.values().stream().mapToLong(Long::longValue).sum();
        if (rows % CLAIM != 0) {
            faults.add(rows + " committed rows, not whole claims of " + CLAIM);
        }
        long unfound = EmbeddedDatabaseRebuild.readCommitted(database, H2CrashRun::rowsThePrimaryKeyMisses);
        if (unfound > 0) {
            faults.add(unfound + " committed rows the primary key does not find");
        }
        return faults;
    }

    private static TreeMap<String, Long> rowsByState(Connection connection) throws SQLException {
        TreeMap<String, Long> counts = new TreeMap<>();
        try (Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT STATE, COUNT(*) FROM JOBS USE INDEX () GROUP BY STATE")) {
            while (rows.next()) {
                counts.put(rows.getString(1), rows.getLong(2));
            }
        }
        return counts;
    }

    private static long rowsThePrimaryKeyMisses(Connection connection) throws SQLException {
        List<String> ids = new ArrayList<>();
        try (Statement statement = connection.createStatement(); ResultSet rows = statement.executeQuery("SELECT ID FROM JOBS USE INDEX ()")) {
            while (rows.next()) {
                ids.add(rows.getString(1));
            }
        }
        long missed = 0;
        try (PreparedStatement find = connection.prepareStatement("SELECT COUNT(*) FROM JOBS WHERE ID = ?")) {
            for (String id : ids) {
                find.setString(1, id);
                try (ResultSet found = find.executeQuery()) {
                    found.next();
                    missed += found.getLong(1) == 1 ? 0 : 1;
                }
            }
        }
        return missed;
    }

    private static String classPath() throws Exception {
        return Path.of(H2CrashRun.class.getProtectionDomain().getCodeSource().getLocation().toURI()) + java.io.File.pathSeparator
                + Path.of(org.h2.Driver.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    /** The writer, in a JVM of its own: runs until it is killed. */
    private static void write(Path database) throws Exception {
        try (Connection connection = DriverManager.getConnection("jdbc:h2:" + database + URL_SETTINGS, "", "");
             Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE IF NOT EXISTS JOBS (ID VARCHAR(36) PRIMARY KEY, STATE VARCHAR(16) NOT NULL,"
                    + " ENDPOINT VARCHAR(100) NOT NULL, CHANGEDAT TIMESTAMP, VERSION BIGINT)");
            statement.execute("CREATE INDEX IF NOT EXISTS JOBS_STATE ON JOBS (STATE)");
            statement.execute("CREATE INDEX IF NOT EXISTS JOBS_ENDPOINT_STATE ON JOBS (ENDPOINT, STATE)");
        }
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            boolean claimer = i < 2;
            Thread thread = new Thread(() -> writeUntilKilled(database, claimer));
            thread.start();
            threads.add(thread);
        }
        for (Thread thread : threads) {
            thread.join();
        }
    }

    private static void writeUntilKilled(Path database, boolean claimer) {
        try (Connection connection = DriverManager.getConnection("jdbc:h2:" + database + URL_SETTINGS, "", "")) {
            connection.setAutoCommit(false);
            Random random = new Random();
            while (true) {
                try {
                    if (claimer) {
                        claim(connection);
                    } else {
                        startAndFinish(connection, random.nextInt(100));
                    }
                    connection.commit();
                } catch (SQLException refused) {
                    connection.rollback();
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void claim(Connection connection) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO JOBS VALUES (?, 'QUEUED', 'e', CURRENT_TIMESTAMP, 1)")) {
            for (int i = 0; i < CLAIM; i++) {
                insert.setString(1, UUID.randomUUID().toString());
                insert.addBatch();
            }
            insert.executeBatch();
        }
    }

    private static void startAndFinish(Connection connection, int skip) throws SQLException {
        List<String> ids = new ArrayList<>();
        try (Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT ID FROM JOBS WHERE STATE = 'QUEUED' LIMIT 20 OFFSET " + skip)) {
            while (rows.next()) {
                ids.add(rows.getString(1));
            }
        }
        connection.commit();
        for (String id : ids) {
            for (String[] move : new String[][] {{"QUEUED", "RUNNING"}, {"RUNNING", "SUCCEEDED"}}) {
                try (PreparedStatement update = connection.prepareStatement(
                        "UPDATE JOBS SET STATE = ?, CHANGEDAT = CURRENT_TIMESTAMP, VERSION = VERSION + 1 WHERE ID = ? AND STATE = ?")) {
                    update.setString(1, move[1]);
                    update.setString(2, id);
                    update.setString(3, move[0]);
                    update.executeUpdate();
                }
                connection.commit();
            }
        }
    }
}
