package dev.conveyor.schema;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.h2.mvstore.MVStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedDatabaseRebuildTest {

    @TempDir
    Path folder;

    @Test
    void aDatabaseH2ClosedIsLeftAsItIs() throws Exception {
        Path database = folder.resolve("db");
        try (Connection connection = connect(database); Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE T (ID VARCHAR(36) PRIMARY KEY)");
            statement.execute("INSERT INTO T VALUES ('kept')");
        }
        Path file = EmbeddedDatabaseRebuild.storeFile(database);
        Object identity = Files.readAttributes(file, "unix:ino").get("ino");

        assertTrue(EmbeddedDatabaseRebuild.closedCleanly(file));
        assertFalse(EmbeddedDatabaseRebuild.rebuildIfCrashed(database));
        assertEquals(identity, Files.readAttributes(file, "unix:ino").get("ino"));
        assertFalse(Files.exists(EmbeddedDatabaseRebuild.crashedCopy(database)));
    }

    @Test
    void noDatabaseYetIsNothingToRebuild() throws Exception {
        assertFalse(EmbeddedDatabaseRebuild.rebuildIfCrashed(folder.resolve("none")));
        assertFalse(Files.exists(EmbeddedDatabaseRebuild.storeFile(folder.resolve("none"))));
    }

    @Test
    void aDatabaseLeftByAKilledProcessIsRebuiltWithItsCommittedRowsAlone() throws Exception {
        Path database = folder.resolve("db");
        killWhileWriting(database);
        assertFalse(EmbeddedDatabaseRebuild.closedCleanly(EmbeddedDatabaseRebuild.storeFile(database)));

        assertTrue(EmbeddedDatabaseRebuild.rebuildIfCrashed(database));

        assertTrue(EmbeddedDatabaseRebuild.closedCleanly(EmbeddedDatabaseRebuild.storeFile(database)));
        assertEquals(List.of("committed-1", "committed-2"), ids(database, Connection.TRANSACTION_READ_UNCOMMITTED));
        assertTrue(Files.size(EmbeddedDatabaseRebuild.crashedCopy(database)) > 0);
        assertFalse(Files.exists(folder.resolve("db.committed.sql")));
        assertFalse(Files.exists(folder.resolve("db.rebuilt.mv.db")));
        assertFalse(EmbeddedDatabaseRebuild.rebuildIfCrashed(database), "a rebuilt database is one H2 closed");
    }

    /** The batch runtime keeps its checkpoints and job data in BLOBs; Conveyor's tables hold text, times, numbers and flags. */
    @Test
    void everyKindOfValueComesThroughTheRebuild() throws Exception {
        Path database = folder.resolve("db");
        byte[] large = new byte[300_000];
        new Random(7).nextBytes(large);
        try (Connection connection = connect(database); Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE V (ID INT PRIMARY KEY, DATA BLOB, TEXT CLOB, NAME VARCHAR, AT TIMESTAMP, FLAG BOOLEAN, N BIGINT)");
            try (PreparedStatement insert = connection.prepareStatement("INSERT INTO V VALUES (?, ?, ?, ?, TIMESTAMP '2026-12-07 02:51:00.123456', TRUE, ?)")) {
                insert.setInt(1, 1);
                insert.setBytes(2, large);
                insert.setString(3, "x".repeat(200_000));
                insert.setString(4, "name with 'quotes' and ünïcödé");
                insert.setLong(5, Long.MAX_VALUE);
                insert.execute();
            }
            statement.execute("CREATE INDEX V_NAME ON V (NAME)");
        }

        EmbeddedDatabaseRebuild.rebuild(database);

        try (Connection connection = connect(database); Statement statement = connection.createStatement();
             ResultSet row = statement.executeQuery("SELECT DATA, TEXT, NAME, AT, FLAG, N FROM V WHERE NAME LIKE 'name%'")) {
            assertTrue(row.next());
            assertArrayEquals(large, row.getBytes(1));
            assertEquals("x".repeat(200_000), row.getString(2));
            assertEquals("name with 'quotes' and ünïcödé", row.getString(3));
            assertEquals(Timestamp.valueOf("2026-12-07 02:51:00.123456"), row.getTimestamp(4));
            assertTrue(row.getBoolean(5));
            assertEquals(Long.MAX_VALUE, row.getLong(6));
            assertFalse(row.next());
        }
    }

    /**
     * The state a crash leaves when H2 stored a table's map after an open transaction's insert but
     * that transaction's undo log before it: made here by storing the insert with its undo log
     * (CHECKPOINT), killing the process, and removing the undo log from the file.
     */
    @Test
    void anInsertLeftWithoutItsUndoRecordIsNotKept() throws Exception {
        Path database = folder.resolve("db");
        killWhileWriting(database);
        removeUndoLogs(EmbeddedDatabaseRebuild.storeFile(database));
        assertEquals(List.of("committed-1", "committed-2", "left-part-way"), ids(database, Connection.TRANSACTION_READ_UNCOMMITTED),
                "the insert of a transaction that never ended is in the file");
        assertThrows(SQLException.class, () -> insertAgain(database), "H2 holds that insert against the same key");

        EmbeddedDatabaseRebuild.rebuild(database);

        assertEquals(List.of("committed-1", "committed-2"), ids(database, Connection.TRANSACTION_READ_UNCOMMITTED));
        insertAgain(database);
        assertEquals(List.of("committed-1", "committed-2", "left-part-way"), ids(database, Connection.TRANSACTION_READ_COMMITTED));
    }

    /** Committed rows, then an insert in a transaction left open and stored by a checkpoint, then kill -9. */
    private static void killWhileWriting(Path database) throws Exception {
        Process writer = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Writer.class.getName(), database.toString())
                .redirectErrorStream(true).start();
        try (BufferedReader said = new BufferedReader(new InputStreamReader(writer.getInputStream(), StandardCharsets.UTF_8))) {
            List<String> lines = new ArrayList<>();
            for (String line = said.readLine(); line != null && !line.equals(Writer.READY); line = said.readLine()) {
                lines.add(line);
            }
            assertTrue(writer.isAlive(), "the writer stopped before it was ready: " + lines);
        } finally {
            writer.destroyForcibly().waitFor();
        }
    }

    /** What a store written between an insert and its undo record holds: the insert alone. */
    private static void removeUndoLogs(Path file) {
        MVStore store = new MVStore.Builder().fileName(file.toString()).open();
        try {
            List<String> undoLogs = store.getMapNames().stream().filter(name -> name.startsWith("undoLog") && store.hasData(name)).toList();
            assertFalse(undoLogs.isEmpty(), "the open transaction's undo log was stored");
            undoLogs.forEach(store::removeMap);
        } finally {
            store.close();
        }
    }

    private static void insertAgain(Path database) throws SQLException {
        try (Connection connection = DriverManager.getConnection("jdbc:h2:" + database + ";LOCK_TIMEOUT=200", "", "");
             Statement statement = connection.createStatement()) {
            statement.execute("INSERT INTO T VALUES ('left-part-way')");
        }
    }

    private static List<String> ids(Path database, int isolation) throws SQLException {
        try (Connection connection = connect(database)) {
            connection.setTransactionIsolation(isolation);
            List<String> ids = new ArrayList<>();
            try (Statement statement = connection.createStatement(); ResultSet rows = statement.executeQuery("SELECT ID FROM T ORDER BY ID")) {
                while (rows.next()) {
                    ids.add(rows.getString(1));
                }
            }
            return ids;
        }
    }

    private static Connection connect(Path database) throws SQLException {
        return DriverManager.getConnection("jdbc:h2:" + database, "", "");
    }

    /** Run in a JVM of its own, which the test kills. */
    public static final class Writer {

        static final String READY = "ready";

        public static void main(String[] args) throws Exception {
            Path database = Path.of(args[0]);
            try (Connection committing = connect(database); Statement statement = committing.createStatement()) {
                statement.execute("CREATE TABLE T (ID VARCHAR(36) PRIMARY KEY)");
                statement.execute("INSERT INTO T VALUES ('committed-1'), ('committed-2')");
                Connection leftOpen = connect(database);
                leftOpen.setAutoCommit(false);
                leftOpen.createStatement().execute("INSERT INTO T VALUES ('left-part-way')");
                statement.execute("CHECKPOINT");
                System.out.println(READY);
                Thread.sleep(60_000);
            }
        }
    }
}
