package dev.conveyor.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.web.testing.ApiClient;
import dev.conveyor.web.testing.ApiClient.Reply;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Two nodes on one broker, one PostgreSQL database and one folder tree, started with the same
 * scripts as deploy/cluster. First, priority rules made and changed through one node apply to
 * the next job the other node claims. Then 2,000 files flow into an endpoint made through node 1
 * (so node 1 takes its lease and scans it) while node 1 is killed halfway and stays dead. Every
 * file must end in result exactly once, with node 2 taking over the endpoint and node 1's jobs.
 * Ports and database of its own, so it runs beside the shared stack.
 */
class ClusterIT {

    @Test
    void twoNodesShareTheirRulesAndLoseNothingWhenOneDiesHalfway() throws Exception {
        Path var = Path.of(System.getProperty("conveyor.stack.var", "target/stack-var")).resolveSibling("cluster-var");
        Stack cluster = Cluster.create(Stack.fromBuild("cluster-password"), var, "conveyor_cluster_it", 8090, 61626);
        CrashTorture.Verdict verdict;
        try (Stack first = cluster.node(1)) {
            first.start();
            Stack second = cluster.node(2).start();
            rulesApplyOnEveryNodeAtOnce(first, second);
            verdict = CrashTorture.run(first, CrashTorture.Fault.KILL_NODE, "cluster", 2000, 1, 20261202L);
        }
        System.out.println(verdict.line());
        assertTrue(verdict.passed(), verdict.line());
    }

    /**
     * The endpoint is made through node 1, which scans it and so evaluates the rules at each
     * claim; the rule is made through node 2 and changed through node 1, so that whichever node
     * holds the lease, one of the two steps crosses nodes.
     */
    private static void rulesApplyOnEveryNodeAtOnce(Stack first, Stack second) throws Exception {
        Path folder = Drops.endpoint(first.api(), "ranked", "copy", "\"repeatInterval\":1");
        Reply made = second.api().post("priority-rules",
                "{\"name\":\"urgent\",\"expression\":\"file.extension == 'hot'\",\"jmsPriority\":9}");
        assertEquals(201, made.status(), made::toString);
        String rule = "priority-rules/" + made.object().getString("id");

        Drops.drop(first, folder, "made.hot", "a".getBytes(StandardCharsets.UTF_8));
        assertEquals(Map.of("made.hot", "urgent"), buckets(first.api(), 1));

        Reply changed = first.api().put(rule, "{\"expression\":\"file.extension == 'warm'\"}");
        assertEquals(200, changed.status(), changed::toString);
        Drops.drop(first, folder, "changed.hot", "b".getBytes(StandardCharsets.UTF_8));
        Drops.drop(first, folder, "changed.warm", "c".getBytes(StandardCharsets.UTF_8));
        assertEquals(Map.of("made.hot", "urgent", "changed.hot", "default", "changed.warm", "urgent"), buckets(second.api(), 3));

        assertEquals(204, second.api().delete(rule).status());
    }

    private static Map<String, String> buckets(ApiClient api, int jobs) throws InterruptedException {
        return Drops.awaitFinished(api, "ranked", jobs).stream()
                .collect(Collectors.toMap(job -> job.getString("source"), job -> job.getString("bucket")));
    }
}
