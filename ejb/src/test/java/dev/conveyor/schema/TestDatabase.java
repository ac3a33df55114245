package dev.conveyor.schema;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * An empty database of its own for one test: H2 in memory, or a new database on the PostgreSQL
 * server at 127.0.0.1:5432 (user postgres, trusted; CI starts it), dropped at close.
 */
abstract class TestDatabase implements AutoCloseable {

    final String kind;

    private TestDatabase(String kind) {
        this.kind = kind;
    }

    abstract DataSource dataSource();

    static TestDatabase create(String kind) {
        return switch (kind) {
            case "h2" -> new H2();
            case "postgresql" -> new Postgres();
            default -> throw new IllegalArgumentException(kind);
        };
    }

    /** Runs a script of statements each ending in ';' at the end of a line. */
    void run(String resource) {
        String script;
        try (InputStream in = TestDatabase.class.getResourceAsStream(resource)) {
            script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        StringBuilder statement = new StringBuilder();
        for (String line : script.split("\n")) {
            if (line.startsWith("--")) {
                continue;
            }
            statement.append(line).append('\n');
            if (line.stripTrailing().endsWith(";")) {
                execute(statement.toString().stripTrailing().replaceAll(";$", ""));
                statement.setLength(0);
            }
        }
    }

    void execute(String sql) {
        try (Connection connection = dataSource().getConnection(); Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
    }

    @Override
    public String toString() {
        return kind;
    }

    private static final class H2 extends TestDatabase {
        private final JdbcDataSource dataSource = new JdbcDataSource();
        private final Connection keepAlive;

        H2() {
            super("h2");
            dataSource.setURL("jdbc:h2:mem:" + UUID.randomUUID());
            try {
                keepAlive = dataSource.getConnection();
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        DataSource dataSource() {
            return dataSource;
        }

        @Override
        public void close() throws SQLException {
            keepAlive.close();
        }
    }

    private static final class Postgres extends TestDatabase {
        private static final String SERVER = "jdbc:postgresql://127.0.0.1:5432/";
        private final String name = "conveyor_schema_test_" + UUID.randomUUID().toString().substring(0, 8);
        private final PGSimpleDataSource dataSource = new PGSimpleDataSource();

        Postgres() {
            super("postgresql");
            admin("CREATE DATABASE " + name);
            dataSource.setUrl(SERVER + name);
            dataSource.setUser("postgres");
        }

        @Override
        DataSource dataSource() {
            return dataSource;
        }

        @Override
        public void close() {
            admin("DROP DATABASE IF EXISTS " + name);
        }

        private static void admin(String sql) {
            try (Connection connection = DriverManager.getConnection(SERVER + "postgres", "postgres", "");
                 Statement statement = connection.createStatement()) {
                statement.execute(sql);
            } catch (SQLException e) {
                throw new IllegalStateException("PostgreSQL at 127.0.0.1:5432 (user postgres) is needed for this test: " + sql, e);
            }
        }
    }
}
