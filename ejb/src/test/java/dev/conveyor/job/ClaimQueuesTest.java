package dev.conveyor.job;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.conveyor.endpoint.EndpointConfig;
import dev.conveyor.endpoint.EndpointSettings;
import dev.conveyor.endpoint.SettingValues;
import dev.conveyor.priority.RuleSet;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A claim writes an asynchronous endpoint's jobs QUEUED at once, the row being the dispatch's
 * outbox, and hands back their JMS priorities for the dispatch; a synchronous endpoint's jobs,
 * which its scan runs itself, stay STAGED. On EclipseLink and H2 made by the migrations.
 */
class ClaimQueuesTest extends InProcessClaims {

    @Test
    void anAsynchronousEndpointsClaimWritesItsJobsQueuedWithTheirPriorities() throws Exception {
        JobService.Claims claims = claim("async", EndpointSettings.MANUAL_DEFAULTS);
        assertEquals(3, claims.jobIds().size());
        assertEquals(Set.copyOf(claims.jobIds().values()), claims.queued().keySet());
        assertEquals(Set.of(RuleSet.FIFO.bucketOf(Map.of()).jmsPriority()), Set.copyOf(claims.queued().values()));
        assertEquals(Map.of(JobState.QUEUED, 3L), statesOf("async"));
    }

    @Test
    void aSynchronousEndpointsClaimLeavesItsJobsStagedForItsScanToRun() throws Exception {
        JobService.Claims claims = claim("sync", EndpointSettings.MANUAL_DEFAULTS.with(EndpointSettings.ASYNCHRONOUS, false));
        assertEquals(3, claims.jobIds().size());
        assertEquals(Map.of(), claims.queued());
        assertEquals(Map.of(JobState.STAGED, 3L), statesOf("sync"));
    }

    private JobService.Claims claim(String name, SettingValues settings) throws Exception {
        Path watched = root.resolve(name);
        EndpointConfig endpoint = endpoint(name, watched, settings);
        List<Path> files = List.of(Files.writeString(watched.resolve("a.txt"), "a"), Files.writeString(watched.resolve("b.txt"), "b"),
                Files.writeString(watched.resolve("c.txt"), "c"));
        return jpa.inTransaction(em -> service(em).claimAll(endpoint, files));
    }

    private Map<JobState, Long> statesOf(String endpoint) {
        return jpa.inTransaction(em -> em.createQuery("SELECT j FROM Job j WHERE j.endpoint = :endpoint", Job.class)
                .setParameter("endpoint", endpoint).getResultList().stream()
                .collect(Collectors.groupingBy(Job::getState, Collectors.counting())));
    }
}
