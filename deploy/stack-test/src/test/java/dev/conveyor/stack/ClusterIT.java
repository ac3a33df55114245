package dev.conveyor.stack;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Two nodes on one broker, one PostgreSQL database and one folder tree, started with the same
 * scripts as deploy/cluster; 2,000 files flow into an endpoint made through node 1 (so node 1
 * takes its lease and scans it) while node 1 is killed halfway and stays dead. Every file must
 * end in result exactly once, with node 2 taking over the endpoint and node 1's jobs. Ports and
 * database of its own, so it runs beside the shared stack.
 */
class ClusterIT {

    @Test
    void twoNodesLoseNothingWhenOneDiesHalfway() throws Exception {
        Path var = Path.of(System.getProperty("conveyor.stack.var", "target/stack-var")).resolveSibling("cluster-var");
        Stack cluster = Cluster.create(Stack.fromBuild("cluster-password"), var, "conveyor_cluster_it", 8090, 61626);
        CrashTorture.Verdict verdict;
        try (Stack first = cluster.node(1)) {
            first.start();
            cluster.node(2).start();
            verdict = CrashTorture.run(first, CrashTorture.Fault.KILL_NODE, "cluster", 2000, 1, 20261202L);
        }
        System.out.println(verdict.line());
        assertTrue(verdict.passed(), verdict.line());
    }
}
