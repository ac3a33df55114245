package dev.conveyor.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.common.ConveyorException;
import dev.conveyor.common.MessageId;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The migrations on real H2 and PostgreSQL databases: V1 is the schema EclipseLink made (the
 * dumps in src/test/resources/schema, taken from stacks of the version before migrations), an
 * empty database gets it and the later versions, and a database that version made is taken as V1
 * with its rows kept, then brought up to the latest version.
 */
class SchemaMigrationTest {

    /** The newest migration's version. */
    private static final String LATEST = "3";

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgresql"})
    void anEmptyDatabaseGetsTheSchemaEclipseLinkMade(String kind) throws Exception {
        try (TestDatabase migrated = TestDatabase.create(kind); TestDatabase previous = TestDatabase.create(kind)) {
            SchemaMigration.Result result = SchemaMigration.migrate(migrated.dataSource());
            assertEquals(new SchemaMigration.Result(kind, LATEST, 3, false), result);

            previous.run("/schema/eclipselink-" + kind + ".sql");
            previous.run("/db/migration/" + kind + "/V2__users_audit_purge_and_job_listing.sql");
            previous.run("/db/migration/" + kind + "/V3__job_state_changes_move_fewer_indexes.sql");
            assertEquals(SchemaDescription.of(previous.dataSource()), SchemaDescription.of(migrated.dataSource()));
            assertEquals(10, SchemaDescription.of(migrated.dataSource()).size());
            // Every state change moves a job's row in each index holding STATE: two of them, no more.
            assertEquals(List.of("index CNV_JOB_ENDPOINT_STATE (ENDPOINT,STATE)", "index CNV_JOB_STATE_CREATED (STATE,CREATEDAT)"),
                    SchemaDescription.of(migrated.dataSource()).get("CNV_JOB").stream()
                            .filter(line -> line.startsWith("index ") && line.matches(".*[(,]STATE[,)].*")).toList());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgresql"})
    void aDatabaseMadeBeforeMigrationsIsTakenAsV1AndKeepsItsRows(String kind) throws Exception {
        try (TestDatabase database = TestDatabase.create(kind)) {
            database.run("/schema/eclipselink-" + kind + ".sql");
            database.run("/schema/rows-made-before-migrations.sql");

            SchemaMigration.Result result = SchemaMigration.migrate(database.dataSource());
            assertEquals(new SchemaMigration.Result(kind, LATEST, 2, true), result);
            assertTrue(result.summary().startsWith("tables made by EclipseLink taken as version 1"), result.summary());

            assertEquals(List.of("invoices|/srv/folders/invoices|42|ENABLED|{\"operationName\":\"copy\",\"repeatInterval\":5}"),
                    rows(database, "SELECT NAME, PATH, SCANS, STATE, SETTINGS FROM CNV_ENDPOINT"));
            assertEquals(List.of("acme|${customer == 'acme'}|7|60"),
                    rows(database, "SELECT NAME, EXPRESSION, JMSPRIORITY, SHARE FROM CNV_PRIORITY_RULE"));
            assertEquals(List.of("batch-7|{\"pages\":2}|2"), rows(database, "SELECT ID, COUNTERS, RELEASABLE FROM CNV_SIGNAL"));
            assertEquals(List.of("invoice-6.pdf|SUCCEEDED|null", "invoice-7.pdf|WAITING|batch-7"),
                    rows(database, "SELECT SOURCE, STATE, WAITSIGNAL FROM CNV_JOB ORDER BY SOURCE"));
            assertEquals(List.of("1|{\"batchSize\":4}"), rows(database, "SELECT ID, SETTINGS FROM CNV_SERVICE_SETTINGS"));

            SchemaMigration.Result again = SchemaMigration.migrate(database.dataSource());
            assertEquals(new SchemaMigration.Result(kind, LATEST, 0, false), again);
            assertEquals("up to date", again.summary());
        }
    }

    @Test
    void onlyH2AndPostgresqlHaveMigrations() {
        assertEquals("h2", SchemaMigration.folderFor("H2"));
        assertEquals("postgresql", SchemaMigration.folderFor("PostgreSQL"));
        ConveyorException refused = assertThrows(ConveyorException.class, () -> SchemaMigration.folderFor("MySQL"));
        assertEquals(MessageId.DATABASE_NOT_SUPPORTED, refused.id());
        assertFalse(refused.getMessage().isBlank());
    }

    private static List<String> rows(TestDatabase database, String query) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Connection connection = database.dataSource().getConnection(); Statement statement = connection.createStatement();
             ResultSet result = statement.executeQuery(query)) {
            int columns = result.getMetaData().getColumnCount();
            while (result.next()) {
                List<String> values = new ArrayList<>();
                for (int column = 1; column <= columns; column++) {
                    values.add(String.valueOf(result.getString(column)));
                }
                rows.add(String.join("|", values));
            }
        }
        return rows;
    }
}
