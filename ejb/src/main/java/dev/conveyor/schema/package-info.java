/**
 * The database schema: Flyway migrations, one folder per database under db/migration, run once
 * at start-up before anything reads a table. A database whose tables an earlier Conveyor made
 * through EclipseLink (no migration history yet) is taken as version 1. docs/migrations.md says
 * how to add a migration.
 */
package dev.conveyor.schema;
