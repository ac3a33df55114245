package dev.conveyor.schema;

import dev.conveyor.common.ConveyorException;
import dev.conveyor.common.MessageId;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.flywaydb.core.api.output.MigrateResult;

/**
 * Brings a database to the newest schema with Flyway, from the migrations of its kind
 * (classpath db/migration/h2 or db/migration/postgresql).
 * <p>
 * Before Flyway, EclipseLink made the tables at deploy; V1 is exactly those tables. A database
 * that has Conveyor's tables and no migration history is therefore baselined at version 1, and
 * only the migrations after it run; an empty database gets V1 and the rest.
 */
public final class SchemaMigration {

    /** The table every Conveyor database has had since the first version. */
    static final String FIRST_TABLE = "CNV_ENDPOINT";
    static final String EARLIER_TABLES_VERSION = "1";

    public record Result(String database, String version, int applied, boolean baselined) {

        /** What happened, for the log: "2 migrations applied", "tables made by EclipseLink taken as version 1; ...". */
        public String summary() {
            return (baselined ? "tables made by EclipseLink taken as version " + EARLIER_TABLES_VERSION + "; " : "")
                    + (applied == 0 ? "up to date" : applied + (applied == 1 ? " migration" : " migrations") + " applied");
        }
    }

    private SchemaMigration() {
    }

    public static Result migrate(DataSource dataSource) {
        String database = folderFor(productName(dataSource));
        Flyway flyway = Flyway.configure(SchemaMigration.class.getClassLoader())
                .dataSource(dataSource)
                .locations("classpath:db/migration/" + database)
                .baselineVersion(EARLIER_TABLES_VERSION)
                .baselineDescription("tables made by EclipseLink before migrations")
                .load();
        boolean baselined = flyway.info().applied().length == 0 && hasTable(dataSource, FIRST_TABLE);
        if (baselined) {
            try {
                flyway.baseline();
            } catch (FlywayException raced) {
                // Another node starting at the same moment made the tables through V1 in between: nothing to baseline.
                if (flyway.info().applied().length == 0) {
                    throw raced;
                }
                baselined = false;
            }
        }
        MigrateResult result = flyway.migrate();
        String version = flyway.info().current().getVersion().getVersion();
        return new Result(database, version, result.migrationsExecuted, baselined);
    }

    /** The migrations folder for a JDBC database product name. */
    static String folderFor(String productName) {
        String product = productName.toLowerCase(Locale.ROOT);
        if (product.equals("h2")) {
            return "h2";
        }
        if (product.equals("postgresql")) {
            return "postgresql";
        }
        throw new ConveyorException(MessageId.DATABASE_NOT_SUPPORTED, productName);
    }

    private static String productName(DataSource dataSource) {
        try (Connection connection = dataSource.getConnection()) {
            return connection.getMetaData().getDatabaseProductName();
        } catch (SQLException e) {
            throw new IllegalStateException("cannot reach the database: " + e.getMessage(), e);
        }
    }

    /** Asked by querying it: H2 keeps unquoted names in upper case, PostgreSQL in lower case. */
    private static boolean hasTable(DataSource dataSource, String table) {
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            statement.executeQuery("SELECT 1 FROM " + table + " WHERE 1 = 0").close();
            return true;
        } catch (SQLException e) {
            return false;
        }
    }
}
