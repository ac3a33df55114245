package dev.conveyor.bench;

import dev.conveyor.stack.CrashTorture;
import dev.conveyor.stack.DiskFull;
import dev.conveyor.stack.Stack;

/** The disk-full run on a stack of its own: {@code bench/run diskfull [FILES] [VOLUME_MIB]} (default 60, 8); root needed. */
public final class DiskFullRun {

    public static void main(String[] args) throws Exception {
        int files = args.length > 0 ? Integer.parseInt(args[0]) : 60;
        int volumeMib = args.length > 1 ? Integer.parseInt(args[1]) : 8;
        Stack stack = Stack.fromBuild("diskfull-password");
        EndToEndBenchmark.deleteTree(stack.var());
        System.out.println(Measures.machine());
        CrashTorture.Verdict verdict;
        try (Stack running = stack.start()) {
            verdict = DiskFull.run(running, "diskfull", files, volumeMib);
        }
        System.out.println(verdict.line());
        if (!verdict.passed()) {
            System.exit(1);
        }
    }
}
