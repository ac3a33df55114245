package dev.conveyor.job;

import dev.conveyor.endpoint.Endpoint;
import dev.conveyor.endpoint.EndpointConfig;
import dev.conveyor.endpoint.EndpointState;
import dev.conveyor.endpoint.SettingValues;
import dev.conveyor.priority.RuleSet;
import dev.conveyor.testing.InProcessJpa;
import jakarta.persistence.EntityManager;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tests of claims in process: a JobService on EclipseLink and H2 made by the migrations, FIFO
 * priority rules, and the allowed roots set to the test's folder (JobService reads them when it
 * is made).
 */
abstract class InProcessClaims {

    @TempDir
    Path root;

    InProcessJpa jpa;
    private String rootsBefore;

    @BeforeEach
    void open() {
        rootsBefore = System.getProperty("conveyor.roots");
        System.setProperty("conveyor.roots", root.toString());
        jpa = new InProcessJpa();
    }

    /** An endpoint watching {@code watched}, with its row in the database. */
    EndpointConfig endpoint(String name, Path watched, SettingValues settings) throws Exception {
        Files.createDirectories(watched);
        jpa.runInTransaction(em -> {
            Endpoint row = new Endpoint(name, Instant.now());
            row.setGiven(SettingValues.EMPTY, watched);
            em.persist(row);
        });
        return new EndpointConfig(name, watched, settings, EndpointState.ENABLED);
    }

    static JobService service(EntityManager em) {
        JobService jobs = new JobService();
        jobs.em = em;
        jobs.jobs = new Jobs(em);
        jobs.priorities = () -> RuleSet.FIFO;
        return jobs;
    }

    @AfterEach
    void close() throws Exception {
        jpa.close();
        if (rootsBefore == null) {
            System.clearProperty("conveyor.roots");
        } else {
            System.setProperty("conveyor.roots", rootsBefore);
        }
    }
}
