package dev.conveyor.schema;

import dev.conveyor.common.MessageId;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Rebuilds an embedded H2 database that a crash left behind, from its committed rows alone, before
 * the server opens it (deploy/run and deploy/server call {@link #main} when the database is H2).
 * <p>
 * Why: H2's store writes each of its maps (a table, each of its indexes, each transaction's undo
 * log) as that map stands at its own instant, so a write while other transactions are part way
 * through can hold a change of an open transaction without the undo record that would roll it
 * back (the H2 maintainers explain it in h2database issue 2080). After a kill that change stays in
 * the file as the change of a transaction nobody will ever end: a row other sessions do not see,
 * which a session that happens to be given the dead transaction's id sees as its own, and which
 * a unique index can hold against an insert or update of the same key. A kill run saw all of it:
 * a claim's job row, cut short by the kill, that recovery did not find, so recovery made the
 * folder's job again under the same id, and every later update of that job failed on the primary
 * key (docs/benchmarks.md). H2 keeps a flag in its file header for a store it closed; a file
 * without it was left by a crash, and only such a file is rebuilt.
 * <p>
 * How: the committed rows are read out as SQL (H2's SCRIPT) through a session whose transaction
 * id no transaction of the crashed process had, written into a new file (RUNSCRIPT), and that
 * file replaces the old one in one rename. The file as the crash left it stays beside it for
 * diagnosis ({@code NAME.crashed.mv.db}, the previous one replaced). A crash during the rebuild
 * leaves the old file in place, still unclean, and the next start rebuilds again.
 */
public final class EmbeddedDatabaseRebuild {

    private static final String STORE_SUFFIX = ".mv.db";
    /** H2 writes this key into its file header when it closes a store and takes it out when it opens one for writing. */
    private static final String CLOSED_CLEANLY = "clean:1";
    /**
     * H2 gives a new transaction the lowest free id, so a process's transactions had ids up to the
     * number it had open at once: at most one a connection of the pool it writes through (Payara's
     * default, which Conveyor's pools keep, is 32 connections) and the few of H2's own sessions.
     * Sessions holding twice that many ids first give the session that reads the rows out an id
     * above every one of them: it sees what the crashed process committed and nothing of what it
     * left part way.
     */
    static final int IDS_HELD = 64;

    private EmbeddedDatabaseRebuild() {
    }

    /** Each argument: an H2 database as its JDBC URL names it (the file without {@value #STORE_SUFFIX}). */
    public static void main(String[] args) {
        for (String database : args) {
            Path name = Path.of(database);
            try {
                long started = System.nanoTime();
                if (rebuildIfCrashed(name)) {
                    System.out.println(MessageId.EMBEDDED_DATABASE_REBUILT.format(storeFile(name),
                            (System.nanoTime() - started) / 1_000_000, crashedCopy(name)));
                }
            } catch (IOException | SQLException | RuntimeException e) {
                System.out.println(MessageId.EMBEDDED_DATABASE_NOT_REBUILT.format(storeFile(name), e));
            }
        }
    }

    /** Rebuilds the database when its file was left by a crash; false when there is no file or H2 closed it. */
    public static boolean rebuildIfCrashed(Path database) throws IOException, SQLException {
        Path file = storeFile(database);
        if (!Files.exists(file) || closedCleanly(file)) {
            return false;
        }
        rebuild(database);
        return true;
    }

    /** True when the file's header (its first line) holds the flag H2 writes at a close. */
    static boolean closedCleanly(Path file) throws IOException {
        byte[] start = new byte[4096];
        int read;
        try (InputStream in = Files.newInputStream(file)) {
            read = in.readNBytes(start, 0, start.length);
        }
        String header = new String(start, 0, read, StandardCharsets.ISO_8859_1).lines().findFirst().orElse("");
        return List.of(header.split(",")).contains(CLOSED_CLEANLY);
    }

    /**
     * Replaces the database's file by one made of its committed schema and rows, keeping the old
     * one as {@link #crashedCopy}; the new file is on disk before it takes the old one's name.
     */
    public static void rebuild(Path database) throws IOException, SQLException {
        Path script = sibling(database, ".committed.sql");
        Path rebuilt = sibling(database, ".rebuilt");
        Files.deleteIfExists(script);
        Files.deleteIfExists(storeFile(rebuilt));
        try {
            exportCommitted(database, script);
            try (Connection fresh = connect(rebuilt);
                 Statement statement = fresh.createStatement()) {
                statement.execute("RUNSCRIPT FROM " + literal(script));
            }
            // A power cut after the rename must not find the name on a file whose blocks never reached the disk.
            force(storeFile(rebuilt));
            Path crashed = crashedCopy(database);
            Files.deleteIfExists(crashed);
            Files.createLink(crashed, storeFile(database));
            Files.move(storeFile(rebuilt), storeFile(database), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            force(database.toAbsolutePath().getParent());
        } finally {
            Files.deleteIfExists(script);
            Files.deleteIfExists(storeFile(rebuilt));
        }
    }

    /** Writes what the file or folder holds to the disk. */
    private static void force(Path path) throws IOException {
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            channel.force(true);
        }
    }

    /** Opens the database (H2 rolls back and completes what its undo logs say) and writes its committed schema and rows as SQL. */
    private static void exportCommitted(Path database, Path script) throws SQLException {
        readCommitted(database, reader -> {
            try (Statement statement = reader.createStatement()) {
                return statement.execute("SCRIPT TO " + literal(script));
            }
        });
    }

    /**
     * What {@code reading} reads through a session whose transaction id no transaction of the
     * process that wrote the database last had ({@link #IDS_HELD}): its committed rows alone.
     */
    public static <T> T readCommitted(Path database, Reading<T> reading) throws SQLException {
        List<Connection> holders = new ArrayList<>();
        try (Connection first = connect(database)) {
            // With no table, no row can have been left part way.
            Optional<String> anyTable = anyTable(first);
            for (int i = 0; i < IDS_HELD && anyTable.isPresent(); i++) {
                Connection holder = connect(database);
                holders.add(holder);
                holder.setAutoCommit(false);
                try (Statement statement = holder.createStatement()) {
                    // Reading a table begins the session's transaction, which takes an id.
                    statement.executeQuery("SELECT COUNT(*) FROM " + anyTable.get()).close();
                }
            }
            try (Connection reader = connect(database)) {
                return reading.read(reader);
            }
        } finally {
            for (Connection holder : holders) {
                holder.close();
            }
        }
    }

    /** A read through a connection. */
    @FunctionalInterface
    public interface Reading<T> {
        T read(Connection connection) throws SQLException;
    }

    /** A table of the database's own, its name quoted. */
    private static Optional<String> anyTable(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement();
             ResultSet tables = statement.executeQuery("SELECT TABLE_SCHEMA, TABLE_NAME FROM INFORMATION_SCHEMA.TABLES"
                     + " WHERE TABLE_TYPE = 'BASE TABLE' AND TABLE_SCHEMA <> 'INFORMATION_SCHEMA' LIMIT 1")) {
            return tables.next() ? Optional.of(quoted(tables.getString(1)) + "." + quoted(tables.getString(2))) : Optional.empty();
        }
    }

    private static String quoted(String identifier) {
        return '"' + identifier.replace("\"", "\"\"") + '"';
    }

    private static String literal(Path file) {
        return "'" + file.toString().replace("'", "''") + "'";
    }

    /** A session of the database, as the user Payara's pool opens it with (none given: H2's empty name). */
    private static Connection connect(Path database) throws SQLException {
        return DriverManager.getConnection("jdbc:h2:" + database.toAbsolutePath(), "", "");
    }

    public static Path storeFile(Path database) {
        return sibling(database, STORE_SUFFIX);
    }

    public static Path crashedCopy(Path database) {
        return sibling(database, ".crashed" + STORE_SUFFIX);
    }

    private static Path sibling(Path database, String suffix) {
        return database.resolveSibling(database.getFileName() + suffix);
    }
}
