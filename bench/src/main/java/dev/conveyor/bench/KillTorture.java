package dev.conveyor.bench;

import dev.conveyor.stack.Cluster;
import dev.conveyor.stack.CrashTorture;
import dev.conveyor.stack.Stack;

/**
 * The long fault runs: {@code kill} (kill -9 of Payara Micro), {@code broker} (broker restarts),
 * {@code postgres} (PostgreSQL restarts, the stack on PostgreSQL), default 2000 files and 10
 * faults, {@code chain} (kill -9 while the files pass through two chained endpoints), or {@code cluster} (two nodes on PostgreSQL, the scanning one killed once, halfway);
 * then the seed and the endpoint's batch size (default 50); prints the verdict, exits 1 on FAIL.
 */
public final class KillTorture {

    public static void main(String[] args) throws Exception {
        boolean chained = args.length > 0 && args[0].equals("chain");
        CrashTorture.Fault fault = switch (args.length > 0 ? args[0] : "kill") {
            case "broker" -> CrashTorture.Fault.RESTART_BROKER;
            case "postgres" -> CrashTorture.Fault.RESTART_POSTGRESQL;
            case "cluster" -> CrashTorture.Fault.KILL_NODE;
            default -> CrashTorture.Fault.KILL_PAYARA;
        };
        int files = args.length > 1 ? Integer.parseInt(args[1]) : 2000;
        int kills = fault == CrashTorture.Fault.KILL_NODE ? 1 : args.length > 2 ? Integer.parseInt(args[2]) : 10;
        long seed = args.length > 3 ? Long.parseLong(args[3]) : 20261130L;
        int batchSize = args.length > 4 ? Integer.parseInt(args[4]) : CrashTorture.BATCH_SIZE;
        Stack stack = Stack.fromBuild("torture-password");
        if (fault == CrashTorture.Fault.RESTART_POSTGRESQL) {
            stack = Measures.onNewPostgresDatabase(stack, "conveyor_torture");
        }
        EndToEndBenchmark.deleteTree(stack.var());
        System.out.println(Measures.machine());
        CrashTorture.Verdict verdict;
        if (fault == CrashTorture.Fault.KILL_NODE) {
            // Node 1 on CONVEYOR_HTTP_PORT, node 2 on the next port, both on CONVEYOR_BROKER_PORT's broker,
            // so that a cluster run can sit beside other stacks on the machine.
            Stack cluster = Cluster.create(stack, stack.var(), "conveyor_cluster_torture",
                    port("CONVEYOR_HTTP_PORT", 8080), port("CONVEYOR_BROKER_PORT", 61616));
            try (Stack first = cluster.node(1)) {
                first.start();
                cluster.node(2).start();
                verdict = CrashTorture.run(first, fault, "torture", files, kills, seed, batchSize);
            }
        } else {
            try (Stack running = stack.start()) {
                verdict = CrashTorture.run(running, fault, "torture", files, kills, seed, batchSize, chained);
            }
        }
        System.out.println(verdict.line());
        if (!verdict.passed()) {
            System.exit(1);
        }
    }

    private static int port(String variable, int otherwise) {
        String value = System.getenv(variable);
        return value == null || value.isBlank() ? otherwise : Integer.parseInt(value);
    }
}
