package dev.conveyor.testing;

import dev.conveyor.schema.SchemaMigration;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.EntityTransaction;
import jakarta.persistence.Persistence;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.Function;
import org.h2.jdbcx.JdbcDataSource;

/**
 * Conveyor's persistence unit outside the container, for in-process tests of the transactional
 * services: EclipseLink (the provider Payara carries) on an H2 database in memory, made by the
 * same Flyway migrations as the stack's. A service under test gets an entity manager in its
 * {@code em} field, and each call runs in a transaction of {@link #inTransaction}, as
 * REQUIRES_NEW would run it.
 */
public final class InProcessJpa implements AutoCloseable {

    private final Connection keepsTheDatabase;
    private final EntityManagerFactory factory;

    public InProcessJpa() {
        JdbcDataSource database = new JdbcDataSource();
        String url = "jdbc:h2:mem:" + UUID.randomUUID();
        database.setURL(url);
        try {
            keepsTheDatabase = database.getConnection();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        SchemaMigration.migrate(database);
        factory = Persistence.createEntityManagerFactory("conveyor", Map.of(
                "jakarta.persistence.transactionType", "RESOURCE_LOCAL",
                "jakarta.persistence.jtaDataSource", "",
                "jakarta.persistence.jdbc.driver", "org.h2.Driver",
                "jakarta.persistence.jdbc.url", url));
    }

    /** Runs {@code work} with a new entity manager in a transaction of its own, committed unless it throws. */
    public <T> T inTransaction(Function<EntityManager, T> work) {
        EntityManager em = factory.createEntityManager();
        EntityTransaction transaction = em.getTransaction();
        transaction.begin();
        try {
            T result = work.apply(em);
            transaction.commit();
            return result;
        } finally {
            if (transaction.isActive()) {
                transaction.rollback();
            }
            em.close();
        }
    }

    public void runInTransaction(Consumer<EntityManager> work) {
        inTransaction(em -> {
            work.accept(em);
            return null;
        });
    }

    @Override
    public void close() throws SQLException {
        factory.close();
        keepsTheDatabase.close();
    }
}
