package dev.conveyor.stack;

import dev.conveyor.job.SafeNames;
import dev.conveyor.web.testing.ApiClient;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A fault (kill -9 of the application server, a broker or PostgreSQL restart) at random moments while
 * files flow, the stack brought back each time; then, once everything has settled, a verdict: every file in result exactly once (or in
 * failure with a reason), none left in stage or input, no duplicate results, and the job table
 * agreeing with the folders. Run short by CrashTortureIT, long by bench/run kill.
 */
public final class CrashTorture {

    /** The one-line verdict, and whether it passed. */
    public record Verdict(String line, boolean passed) {

        /** Both verdicts, passing when both pass. */
        Verdict and(Verdict other) {
            return new Verdict(line + "; " + other.line, passed && other.passed);
        }
    }

    /** What is done to the stack between waves of files. */
    public enum Fault {
        KILL_PAYARA("kill -9 of the application server") {
            @Override
            void strike(Stack stack) {
                stack.killPayara();
                stack.startAgain();
            }
        },
        RESTART_BROKER("restart of the broker") {
            @Override
            void strike(Stack stack) {
                stack.restartBroker();
            }
        },
        /**
         * For node 1 of a two-node cluster, which made the endpoint and so scans it: it is killed
         * and stays dead; node 2 must take over its endpoint and its jobs, and answers for the verdict.
         */
        KILL_NODE("kill -9 of the scanning node of two, not restarted") {
            @Override
            void strike(Stack stack) {
                stack.killPayara();
            }

            @Override
            Stack survivor(Stack stack) {
                return stack.node(2);
            }

            /**
             * Until the node's first claim has committed: in a run of 20,000 files it was killed
             * during that claim, which left node 2 orphaned files in stage to return but none of
             * node 1's jobs to take over.
             */
            @Override
            void awaitWork(ApiClient api, String endpoint) throws InterruptedException {
                Instant deadline = Instant.now().plus(Duration.ofMinutes(2));
                while (api.get("jobs?endpoint=" + endpoint + "&limit=1").array().isEmpty() && Instant.now().isBefore(deadline)) {
                    Thread.sleep(200);
                }
            }
        },
        /** For a stack on PostgreSQL: the machine's PostgreSQL server is restarted (the command that starts it here). */
        RESTART_POSTGRESQL("restart of PostgreSQL") {
            @Override
            void strike(Stack stack) throws IOException, InterruptedException {
                Process restart = new ProcessBuilder("bash", "-c",
                        "pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main restart").inheritIO().start();
                if (restart.waitFor() != 0) {
                    throw new IllegalStateException("PostgreSQL did not restart (exit " + restart.exitValue() + ")");
                }
            }
        };

        private final String description;

        Fault(String description) {
            this.description = description;
        }

        abstract void strike(Stack stack) throws IOException, InterruptedException;

        /** Waits, before the fault, for the work it is to meet; most faults meet whatever there is. */
        void awaitWork(ApiClient api, String endpoint) throws InterruptedException {
        }

        /** The stack whose API is there after the faults. */
        Stack survivor(Stack stack) {
            return stack;
        }
    }

    private CrashTorture() {
    }

    private static final Set<String> FINISHED = Set.of("SUCCEEDED", "FAILED");

    /**
     * What begins each dropped file's name, then its number and {@code .bin}: {@code BENCH_NAME_PREFIX}
     * as bench/run's throughput reads it, default {@code t}. A space or a dot in it gives names whose
     * results are named otherwise (made safe), which take another way through a run's end.
     */
    private static final String NAME_PREFIX = System.getenv().getOrDefault("BENCH_NAME_PREFIX", "t");

    /** The endpoint's batch size unless told: small batches, so that a fault meets many of them. */
    public static final int BATCH_SIZE = 50;

    /** Runs on a started stack, in an endpoint of its own named {@code endpoint}, with batches of {@link #BATCH_SIZE}. */
    public static Verdict run(Stack stack, Fault fault, String endpoint, int files, int kills, long seed) throws Exception {
        return run(stack, fault, endpoint, files, kills, seed, BATCH_SIZE);
    }

    /** As above, the endpoint's scans taking up to {@code batchSize} files each. */
    public static Verdict run(Stack stack, Fault fault, String endpoint, int files, int kills, long seed, int batchSize) throws Exception {
        return run(stack, fault, endpoint, files, kills, seed, batchSize, false);
    }

    /**
     * As above; {@code chained}: the files pass through two endpoints, {@code endpoint} writing its
     * results into the watched folder of {@code endpoint-next}, whose results are counted, so that
     * a fault also meets results on their way from one endpoint to the next.
     */
    public static Verdict run(Stack stack, Fault fault, String endpoint, int files, int kills, long seed, int batchSize,
                              boolean chained) throws Exception {
        Random random = new Random(seed);
        ApiClient api = stack.api();
        String settings = "\"batchSize\":" + batchSize;
        String last = chained ? endpoint + "-next" : endpoint;
        // A chain's second endpoint holds every file at once: with the default bound, the first would block (by design) for an administrator.
        Path lastFolder = Drops.endpoint(api, last, "copy", settings + ",\"resultFolder\":\"result/\""
                + (chained ? ",\"maxQueueSize\":" + 2 * files : ""));
        Path folder = chained ? Drops.endpoint(api, endpoint, "copy", settings + ",\"resultFolder\":\"" + lastFolder + "\"") : lastFolder;
        Path incoming = Files.createDirectories(stack.var().resolve("incoming-" + endpoint));
        Map<String, Integer> sizes = new HashMap<>();
        int dropped = 0;
        Instant lastFault = null;
        for (int kill = 0; kill <= kills; kill++) {
            int until = files * (kill + 1) / (kills + 1);
            for (; dropped < until; dropped++) {
                String name = NAME_PREFIX + dropped + ".bin";
                byte[] content = new byte[1 + random.nextInt(32 * 1024)];
                random.nextBytes(content);
                Files.write(incoming.resolve(name), content);
                Files.move(incoming.resolve(name), folder.resolve(name), StandardCopyOption.ATOMIC_MOVE);
                sizes.put(resultName(name, chained), content.length);
            }
            if (kill < kills) {
                fault.awaitWork(api, endpoint);
                Thread.sleep(500 + random.nextInt(4000));
                fault.strike(stack);
                lastFault = Instant.now();
            }
        }
        ApiClient survivor = fault.survivor(stack).api();
        Verdict verdict = verdict(survivor, fault, last, lastFolder, sizes, files, kills, lastFault);
        return chained ? verdict.and(firstOfTwo(survivor, endpoint, folder, files)) : verdict;
    }

    /**
     * The first endpoint of a chained run, once the second has settled: all its jobs finished, one
     * per file, and nothing left in its stage or input folder.
     */
    private static Verdict firstOfTwo(ApiClient api, String endpoint, Path folder, int files) throws Exception {
        List<JsonObject> jobs = allJobs(api, endpoint);
        long unfinished = jobs.stream().filter(j -> !FINISHED.contains(j.getString("state"))).count();
        long sources = jobs.stream().map(j -> j.getString("source")).distinct().count();
        int inStage = stagedFiles(folder).size();
        int inInput = topLevelFiles(folder).size();
        boolean pass = jobs.size() == files && sources == files && unfinished == 0 && inStage == 0 && inInput == 0;
        return new Verdict(String.format("first endpoint '%s': %d jobs for %d sources, %d unfinished, %d in stage, %d in input: %s",
                endpoint, jobs.size(), sources, unfinished, inStage, inInput, pass ? "PASS" : "FAIL"), pass);
    }

    /** The name of the copy of {@code dropped} in the last result folder: made safe by each endpoint on its way. */
    private static String resultName(String dropped, boolean chained) {
        String once = SafeNames.of(dropped);
        return chained ? SafeNames.of(once) : once;
    }

    private static Verdict verdict(ApiClient api, Fault fault, String endpoint, Path folder, Map<String, Integer> sizes, int files,
                                   int kills, Instant lastFault)
            throws Exception {
        Instant deadline = Instant.now().plus(Duration.ofMinutes(15));
        List<JsonObject> jobs = List.of();
        List<String> refusedListings = new ArrayList<>();
        while (Instant.now().isBefore(deadline)) {
            // The folders first: they are cheap to look at, and a listing of every job is not, while the stack recovers.
            if (stagedFiles(folder).isEmpty() && topLevelFiles(folder).isEmpty()) {
                try {
                    jobs = allJobs(api, endpoint);
                    if (jobs.size() >= files && jobs.stream().allMatch(j -> FINISHED.contains(j.getString("state")))) {
                        break;
                    }
                } catch (ListingRefused refused) {
                    // Shown in the verdict, not fatal: the survivor may still be taking over what the dead node held.
                    refusedListings.add(refused.getMessage());
                }
            }
            Thread.sleep(2000);
        }
        if (jobs.size() < files) {
            // Timed out with the folders unsettled: list what there is, for the verdict's counts.
            try {
                jobs = allJobs(api, endpoint);
            } catch (ListingRefused refused) {
                refusedListings.add(refused.getMessage());
            }
        }
        Map<String, Integer> resultCount = new HashMap<>();
        int wrongContent = 0;
        for (Path result : Drops.filesUnder(folder.resolve("result"))) {
            String name = result.getFileName().toString();
            resultCount.merge(name, 1, Integer::sum);
            if (!sizes.containsKey(name) || Files.size(result) != sizes.get(name)) {
                wrongContent++;
            }
        }
        long exactlyOnce = sizes.keySet().stream().filter(name -> resultCount.getOrDefault(name, 0) == 1).count();
        long duplicates = resultCount.values().stream().filter(count -> count > 1).count();
        long failed = jobs.stream().filter(j -> j.getString("state").equals("FAILED")).count();
        long failedWithReason = jobs.stream().filter(j -> j.getString("state").equals("FAILED") && j.containsKey("failureReason")).count();
        long unfinished = jobs.stream().filter(j -> !FINISHED.contains(j.getString("state"))).count();
        long jobsPerSourceAboveOne = jobs.stream().map(j -> j.getString("source"))
                .collect(java.util.stream.Collectors.groupingBy(s -> s, java.util.stream.Collectors.counting()))
                .values().stream().filter(count -> count > 1).count();
        long succeededWithResultOnDisk = jobs.stream().filter(j -> j.getString("state").equals("SUCCEEDED"))
                .filter(j -> j.getJsonArray("results").size() == 1
                        && Files.exists(folder.resolve(j.getJsonArray("results").getString(0)))).count();
        long succeeded = jobs.size() - failed - unfinished;
        int inStage = stagedFiles(folder).size();
        int inInput = topLevelFiles(folder).size();
        boolean pass = exactlyOnce + failed == files && duplicates == 0 && wrongContent == 0 && inStage == 0 && inInput == 0
                && unfinished == 0 && failedWithReason == failed && jobsPerSourceAboveOne == 0
                && succeededWithResultOnDisk == succeeded && succeeded == exactlyOnce;
        return new Verdict(String.format("%s torture: %d files, %d times: %d in result exactly once, %d failed (%d with a reason), "
                        + "%d in stage, %d in input, %d duplicate results, %d wrong contents, %d unfinished jobs, "
                        + "%d sources with two jobs, %d of %d succeeded jobs agree with the folders%s%s: %s",
                fault.description, files, kills, exactlyOnce, failed, failedWithReason, inStage, inInput, duplicates, wrongContent, unfinished,
                jobsPerSourceAboveOne, succeededWithResultOnDisk, succeeded, afterLastFault(jobs, lastFault),
                refusedListings.isEmpty() ? "" : "; " + refusedListings.size() + " job listings refused while waiting, the first: "
                        + refusedListings.get(0),
                pass ? "PASS" : "FAIL"), pass);
    }

    /** The API's largest page of jobs. */
    private static final int PAGE = 10_000;

    /** Every job of the endpoint, page by page (the listing's pages are ordered by creation time and id, so none is missed). */
    static List<JsonObject> allJobs(ApiClient api, String endpoint) throws ListingRefused {
        List<JsonObject> jobs = new ArrayList<>();
        for (int page = 0; ; page++) {
            ApiClient.Reply listing = api.get("jobs?endpoint=" + endpoint + "&page=" + page + "&limit=" + PAGE);
            if (listing.status() != 200) {
                throw new ListingRefused(listing.toString());
            }
            List<JsonObject> rows = listing.array().getValuesAs(JsonObject.class);
            jobs.addAll(rows);
            if (rows.size() < PAGE) {
                return jobs;
            }
        }
    }

    /** The API refused a page of the job listing; the message is its reply. */
    static final class ListingRefused extends Exception {
        ListingRefused(String reply) {
            super(reply);
        }
    }

    /**
     * How soon work went on after the last fault: the next claim (a scan, on whichever node); the
     * end of the last job claimed before the fault, which the fault could have stranded; and the
     * last job's end, which includes the files still in the input folder at the fault, taken at
     * the endpoint's batch size per scan.
     */
    private static String afterLastFault(List<JsonObject> jobs, Instant lastFault) {
        if (lastFault == null) {
            return "";
        }
        Optional<Instant> nextClaim = jobs.stream().map(job -> Instant.parse(job.getString("createdAt")))
                .filter(created -> created.isAfter(lastFault)).min(Instant::compareTo);
        long claimedBefore = jobs.stream().filter(job -> claimedBefore(job, lastFault)).count();
        Optional<Instant> lastEndOfClaimedBefore = lastEnd(jobs.stream().filter(job -> claimedBefore(job, lastFault)));
        Optional<Instant> lastEnd = lastEnd(jobs.stream());
        return String.format("; after the last fault the next claim came in %s, the last of the %d jobs claimed before it ended in %s"
                        + " and the last job ended in %s",
                nextClaim.map(at -> seconds(lastFault, at)).orElse("(none)"), claimedBefore,
                lastEndOfClaimedBefore.map(at -> seconds(lastFault, at)).orElse("(none)"),
                lastEnd.map(at -> seconds(lastFault, at)).orElse("(none)"));
    }

    private static boolean claimedBefore(JsonObject job, Instant fault) {
        return Instant.parse(job.getString("createdAt")).isBefore(fault);
    }

    private static Optional<Instant> lastEnd(Stream<JsonObject> jobs) {
        return jobs.filter(job -> job.containsKey("finishedAt")).map(job -> Instant.parse(job.getString("finishedAt"))).max(Instant::compareTo);
    }

    private static String seconds(Instant from, Instant to) {
        return String.format("%.1f s", Duration.between(from, to).toMillis() / 1000.0);
    }

    /** The files jobs left in the endpoint's stage folder (the folders kept there for later claims aside). */
    private static List<Path> stagedFiles(Path folder) throws IOException {
        return Drops.filesInStage(folder.resolve("stage"));
    }

    private static List<Path> topLevelFiles(Path folder) throws IOException {
        try (Stream<Path> list = Files.list(folder)) {
            return list.filter(Files::isRegularFile).toList();
        }
    }
}
