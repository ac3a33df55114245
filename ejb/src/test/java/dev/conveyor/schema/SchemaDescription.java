package dev.conveyor.schema;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import javax.sql.DataSource;

/**
 * Conveyor's tables as the JDBC metadata describes them, one line per column, key, unique
 * constraint and index: what two databases must agree on to have the same schema. Generated
 * constraint names (H2's CONSTRAINT_xx) are left out; index names are kept.
 */
final class SchemaDescription {

    static Map<String, List<String>> of(DataSource dataSource) throws SQLException {
        Map<String, List<String>> tables = new TreeMap<>();
        try (Connection connection = dataSource.getConnection()) {
            DatabaseMetaData meta = connection.getMetaData();
            String schema = connection.getSchema();
            try (ResultSet table = meta.getTables(null, schema, "%", new String[] {"TABLE"})) {
                while (table.next()) {
                    String name = table.getString("TABLE_NAME");
                    if (name.toUpperCase(Locale.ROOT).startsWith("CNV_")) {
                        tables.put(name.toUpperCase(Locale.ROOT), describe(meta, schema, name));
                    }
                }
            }
        }
        return tables;
    }

    private static List<String> describe(DatabaseMetaData meta, String schema, String table) throws SQLException {
        List<String> lines = new ArrayList<>();
        try (ResultSet column = meta.getColumns(null, schema, table, "%")) {
            while (column.next()) {
                lines.add("column " + column.getString("COLUMN_NAME").toUpperCase(Locale.ROOT) + " " + column.getString("TYPE_NAME")
                        + "(" + column.getInt("COLUMN_SIZE") + ") " + (column.getInt("NULLABLE") == DatabaseMetaData.columnNoNulls ? "NOT NULL" : "NULL"));
            }
        }
        try (ResultSet key = meta.getPrimaryKeys(null, schema, table)) {
            while (key.next()) {
                lines.add("primary key " + key.getString("COLUMN_NAME").toUpperCase(Locale.ROOT));
            }
        }
        Map<String, String> indexes = new TreeMap<>();
        try (ResultSet index = meta.getIndexInfo(null, schema, table, false, false)) {
            while (index.next()) {
                String name = index.getString("INDEX_NAME");
                if (name == null) {
                    continue;
                }
                String label = (index.getBoolean("NON_UNIQUE") ? "index " : "unique ")
                        + (generated(name) ? "" : name.toUpperCase(Locale.ROOT) + " ");
                indexes.merge(label + "#" + name, index.getString("COLUMN_NAME").toUpperCase(Locale.ROOT), (a, b) -> a + "," + b);
            }
        }
        indexes.forEach((label, columns) -> lines.add(label.substring(0, label.indexOf('#')) + "(" + columns + ")"));
        lines.sort(null);
        return lines;
    }

    /** Names the database chose itself: H2's PRIMARY_KEY_x and CONSTRAINT_x, PostgreSQL's _pkey and _key. */
    private static boolean generated(String index) {
        String name = index.toUpperCase(Locale.ROOT);
        return name.startsWith("PRIMARY_KEY_") || name.startsWith("CONSTRAINT_") || name.endsWith("_PKEY") || name.endsWith("_KEY");
    }

    private SchemaDescription() {
    }
}
