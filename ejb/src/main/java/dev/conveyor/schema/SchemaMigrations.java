package dev.conveyor.schema;

import dev.conveyor.common.MessageId;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * Migrates the schema at deploy, before the singletons that read tables start (they name this
 * bean in {@code @DependsOn}). Outside any transaction: Flyway commits each migration itself.
 * A failed migration fails the deployment rather than letting Conveyor run on a schema it does
 * not know.
 */
@Singleton
@Startup
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class SchemaMigrations {

    public static final String NAME = "SchemaMigrations";

    private static final Logger LOG = Logger.getLogger(SchemaMigrations.class.getName());

    @Resource(lookup = "java:comp/DefaultDataSource")
    DataSource database;

    // On the method too: a singleton's lifecycle callback takes its transaction attribute from
    // the callback, not the class (the class's alone left Flyway inside a container transaction,
    // where its connections share one pooled connection, which it commits and closes behind the
    // pool's back; the pool later handed that connection to two users at once).
    @PostConstruct
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    void migrate() {
        try {
            SchemaMigration.Result result = SchemaMigration.migrate(database);
            LOG.info(MessageId.SCHEMA_MIGRATED.format(result.database(), result.version(), result.summary()));
        } catch (RuntimeException e) {
            LOG.log(Level.SEVERE, MessageId.SCHEMA_MIGRATION_FAILED.format(e.getMessage()), e);
            throw e;
        }
    }
}
