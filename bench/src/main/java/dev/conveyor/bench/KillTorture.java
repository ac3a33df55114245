package dev.conveyor.bench;

import dev.conveyor.stack.CrashTorture;
import dev.conveyor.stack.Stack;

/**
 * The long fault runs: {@code kill} (kill -9 of Payara Micro) or {@code broker} (broker restarts),
 * default 2000 files and 10 faults; prints the verdict, exits 1 on FAIL.
 */
public final class KillTorture {

    public static void main(String[] args) throws Exception {
        CrashTorture.Fault fault = args.length > 0 && args[0].equals("broker") ? CrashTorture.Fault.RESTART_BROKER
                : CrashTorture.Fault.KILL_PAYARA;
        int files = args.length > 1 ? Integer.parseInt(args[1]) : 2000;
        int kills = args.length > 2 ? Integer.parseInt(args[2]) : 10;
        long seed = args.length > 3 ? Long.parseLong(args[3]) : 20261130L;
        Stack stack = Stack.fromBuild("torture-password");
        EndToEndBenchmark.deleteTree(stack.var());
        System.out.println(Measures.machine());
        CrashTorture.Verdict verdict;
        try (Stack running = stack.start()) {
            verdict = CrashTorture.run(running, fault, "torture", files, kills, seed);
        }
        System.out.println(verdict.line());
        if (!verdict.passed()) {
            System.exit(1);
        }
    }
}
