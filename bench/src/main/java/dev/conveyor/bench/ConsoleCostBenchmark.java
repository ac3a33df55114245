package dev.conveyor.bench;

import dev.conveyor.stack.Browser;
import dev.conveyor.stack.Stack;
import dev.conveyor.web.testing.ApiClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What one open console costs the server: Payara Micro's CPU time per minute (from /proc) with no
 * console open, and with one console (chromium, headless) on the overview, its live stream
 * connected. Rounds run in pairs, back to back, which of the two goes first alternating, on a
 * stack that is idle (three endpoints scanning every second, no files) and then under a trickle
 * of one file every 2 s (so the overview changes and events are sent). After a round with a
 * console, 65 s pass before the next round, so that the server has noticed the console left.
 * Arguments: [ROUND_SECONDS] [PAIRS] (default 60 s, 3 pairs per load).
 */
public final class ConsoleCostBenchmark {

    private static final String PASSWORD = "bench-password";
    private static final Duration SETTLE_AFTER_CONSOLE = Duration.ofSeconds(65);

    private record Round(double payaraCpuMsPerMinute, int events) {
    }

    public static void main(String[] args) throws Exception {
        int roundSeconds = args.length > 0 ? Integer.parseInt(args[0]) : 60;
        int pairs = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        System.out.println(Measures.machine());
        Stack stack = Stack.fromBuild(PASSWORD);
        try (Stack running = stack.start()) {
            ApiClient api = running.api();
            List<Path> folders = new ArrayList<>();
            for (int i = 1; i <= 3; i++) {
                folders.add(Measures.createEndpoint(api, "{\"name\":\"cost-" + i + "\",\"path\":\"cost-" + i
                        + "\",\"operationName\":\"copy\",\"repeatInterval\":1}"));
            }
            Thread.sleep(20_000); // past the start-up work (recovery pass, first scans)
            for (String load : List.of("idle", "trickle")) {
                ScheduledExecutorService dropper = Executors.newSingleThreadScheduledExecutor();
                if (load.equals("trickle")) {
                    AtomicInteger dropped = new AtomicInteger();
                    dropper.scheduleAtFixedRate(() -> drop(running, folders.get(0), dropped.incrementAndGet()), 0, 2, TimeUnit.SECONDS);
                }
                List<Double> costs = new ArrayList<>();
                for (int pair = 1; pair <= pairs; pair++) {
                    boolean consoleFirst = pair % 2 == 0;
                    Round first = round(running, consoleFirst, roundSeconds);
                    Round second = round(running, !consoleFirst, roundSeconds);
                    Round without = consoleFirst ? second : first;
                    Round with = consoleFirst ? first : second;
                    double cost = with.payaraCpuMsPerMinute() - without.payaraCpuMsPerMinute();
                    costs.add(cost);
                    System.out.printf("%s pair %d (%s first): Payara CPU %.0f ms/min without a console, %.0f ms/min with one "
                                    + "(%d live events in %d s); difference %+.0f ms/min (%+.1f%%)%n",
                            load, pair, consoleFirst ? "console" : "no console", without.payaraCpuMsPerMinute(),
                            with.payaraCpuMsPerMinute(), with.events(), roundSeconds, cost,
                            100 * cost / without.payaraCpuMsPerMinute());
                }
                dropper.shutdownNow();
                costs.sort(null);
                System.out.printf("%s: one open console changed Payara's CPU by %+.0f to %+.0f ms per minute over %d pairs%n",
                        load, costs.get(0), costs.get(costs.size() - 1), costs.size());
            }
        }
    }

    private static Round round(Stack stack, boolean withConsole, int seconds) throws Exception {
        Browser console = withConsole ? new Browser(stack.console(), "admin", PASSWORD) : null;
        try {
            if (console != null) {
                console.open("#/overview");
                console.find("#live-status.on");
            }
            long before = Measures.cpuMillis(stack.var(), "payara.pid");
            long started = System.nanoTime();
            Thread.sleep(seconds * 1000L);
            long cpu = Measures.cpuMillis(stack.var(), "payara.pid") - before;
            double minutes = (System.nanoTime() - started) / 60e9;
            int events = console == null ? 0 : Integer.parseInt(
                    String.valueOf(console.find("#live-status").getAttribute("data-events")).replace("null", "0"));
            return new Round(cpu / minutes, events);
        } finally {
            if (console != null) {
                console.close();
                // The server counts a console until a write to its stream fails: at the next keep-alive (30 s) or the one
                // after. The next round is to have none.
                Thread.sleep(SETTLE_AFTER_CONSOLE.toMillis());
            }
        }
    }

    private static void drop(Stack stack, Path folder, int number) {
        try {
            Path temporary = Files.createDirectories(stack.var().resolve("incoming")).resolve("trickle-" + number + ".txt");
            Files.writeString(temporary, "file " + number);
            Files.move(temporary, folder.resolve(temporary.getFileName()), StandardCopyOption.ATOMIC_MOVE);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
