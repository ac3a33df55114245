package dev.conveyor.bench;

import dev.conveyor.stack.Stack;
import dev.conveyor.web.testing.ApiClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Results that all want one name: job folders each holding {@code scan.pdf}, copied by one
 * endpoint, so every result after the first takes an indexed name ({@code scan_1.pdf} and on),
 * against the same job folders whose files are named apart. Each load goes in two halves, the
 * second moved in when the first is done: a job's cost that grows with the names already taken
 * shows as a second half dearer than the first.
 * <p>
 * {@code bench/run crowded [FOLDERS]} (default 4000: two halves of 2,000), on the real stack.
 */
public final class CrowdedNamesBenchmark {

    private static final int SIZE = 1024;

    private CrowdedNamesBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int folders = args.length > 0 ? Integer.parseInt(args[0]) : 4000;
        int half = folders / 2;
        Stack stack = Stack.fromBuild("bench-password");
        EndToEndBenchmark.deleteTree(stack.var());
        System.out.println(Measures.machine());
        System.out.printf("load: %d job folders of one %d-byte file, moved in as two halves of %d; copy endpoints, asynchronous,"
                + " batch 1000, repeatInterval 1 s, H2%n", 2 * half, SIZE, half);
        try (Stack running = stack.start()) {
            for (boolean sameName : new boolean[] {false, true}) {
                String load = sameName ? "same-named" : "named apart";
                String name = sameName ? "crowded" : "apart";
                ApiClient api = running.api();
                Path watched = Measures.createEndpoint(api, "{\"name\":\"" + name + "\",\"path\":\"" + name + "\",\"operationName\":\"copy\","
                        + "\"repeatInterval\":1,\"batchSize\":1000,\"asynchronous\":true,\"resultFolder\":\"result/\","
                        + "\"preserveFolder\":\"preserve/\"}");
                for (int part = 0; part < 2; part++) {
                    Path incoming = Files.createDirectories(running.var().resolve("incoming-" + name + "-" + part));
                    List<Path> dropped = jobFolders(incoming, part * half, half, sameName);
                    long cpuBefore = Measures.serverCpuMillis(running.var());
                    Instant start = Instant.now();
                    Measures.moveAll(dropped, watched);
                    Measures.awaitFiles(watched.resolve("result"), (part + 1) * half, () -> Measures.expectNoFailedJob(api, name));
                    double seconds = Duration.between(start, Instant.now()).toMillis() / 1000.0;
                    long cpu = Measures.serverCpuMillis(running.var()) - cpuBefore;
                    System.out.printf("%-12s %s half: %8.1f jobs/s, %7.3f CPU ms/job (Payara and the broker), results %d to %d%n", load,
                            part == 0 ? "first " : "second", half / seconds, (double) cpu / half, part * half + 1, (part + 1) * half);
                }
            }
        }
    }

    /** {@code count} job folders numbered from {@code first}, each holding one file: {@code scan.pdf}, or named after its folder. */
    private static List<Path> jobFolders(Path parent, int first, int count, boolean sameName) throws Exception {
        Random random = new Random(first);
        byte[] content = new byte[SIZE];
        List<Path> folders = new ArrayList<>(count);
        for (int i = first; i < first + count; i++) {
            Path folder = Files.createDirectories(parent.resolve("batch-" + i));
            random.nextBytes(content);
            Files.write(folder.resolve(sameName ? "scan.pdf" : "scan-" + i + ".pdf"), content);
            folders.add(folder);
        }
        return folders;
    }
}
