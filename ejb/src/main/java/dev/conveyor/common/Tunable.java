package dev.conveyor.common;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * A tunable of the server as a whole (not of one endpoint): its MicroProfile Config name, default,
 * meaning and parsing, declared once here. Payara looks a name up in its system properties, then
 * the environment (conveyor.result-writers as CONVEYOR_RESULT_WRITERS), then its secrets directory;
 * unset everywhere, the default holds. docs/configuration.md's table is generated from {@link #ALL}.
 * A tunable is read when it is used, so most take effect at the next start; the message-driven
 * beans' sizes are read by Payara when it deploys them ({@link #WORKERS_REFERENCE}).
 */
public final class Tunable<T> {

    public static final String WORKERS_NAME = "conveyor.workers";
    public static final String RESULT_WRITERS_NAME = "conveyor.result-writers";
    public static final String SIGNAL_LISTENERS_NAME = "conveyor.signal-listeners";
    public static final String SUBMISSION_LISTENERS_NAME = "conveyor.submission-listeners";
    /**
     * How a message-driven bean's activation property names a tunable, for Payara to resolve from
     * MicroProfile Config when it deploys the bean. An annotation holds no computed default, so
     * deploy/run and deploy/server give these tunables their defaults at a lower rank than the
     * environment, system properties and secrets ({@link #main} prints them).
     */
    public static final String WORKERS_REFERENCE = "${MPCONFIG=" + WORKERS_NAME + "}";
    public static final String RESULT_WRITERS_REFERENCE = "${MPCONFIG=" + RESULT_WRITERS_NAME + "}";
    public static final String SIGNAL_LISTENERS_REFERENCE = "${MPCONFIG=" + SIGNAL_LISTENERS_NAME + "}";
    public static final String SUBMISSION_LISTENERS_REFERENCE = "${MPCONFIG=" + SUBMISSION_LISTENERS_NAME + "}";

    public static final Tunable<Integer> WORKERS = new Tunable<>(WORKERS_NAME, "the number of cores",
            () -> Runtime.getRuntime().availableProcessors(), Tunable::count,
            "Jobs each node runs at once: the job worker's sessions on the dispatch queue, each taking one chunk of jobs at a time.");
    public static final Tunable<Integer> RESULT_WRITERS = new Tunable<>(RESULT_WRITERS_NAME, "4", () -> 4, Tunable::count,
            "Callbacks each node writes results for at once: the result writer's sessions on the callback queue.");
    public static final Tunable<Integer> SIGNAL_LISTENERS = new Tunable<>(SIGNAL_LISTENERS_NAME, "4", () -> 4, Tunable::count,
            "Release signals from JMS each node takes at once: the signal listener's sessions on conveyor.signals.");
    public static final Tunable<Integer> SUBMISSION_LISTENERS = new Tunable<>(SUBMISSION_LISTENERS_NAME, "4", () -> 4, Tunable::count,
            "Producers' submissions each node takes at once: the submission listener's sessions on conveyor.submissions.");
    public static final Tunable<Integer> ATTEMPTS = new Tunable<>("conveyor.attempts", "3", () -> 3, Tunable::count,
            "Starts of a job's operation before the job fails: a failure the operation calls retriable, or a worker that died while running it, uses one.");
    public static final Tunable<Duration> RETRY_BACK_OFF = new Tunable<>("conveyor.retry-back-off", "1 s", () -> Duration.ofSeconds(1),
            Tunable::duration, "Wait before a job's second attempt; doubled before each further one.");
    public static final Tunable<Duration> RECOVERY_INTERVAL = new Tunable<>("conveyor.recovery.interval", "20 s",
            () -> Duration.ofSeconds(20), Tunable::duration,
            "How often the recovery pass runs on each node: jobs of dead nodes, lost dispatches and callbacks, orphaned stage folders.");
    public static final Tunable<Duration> RECOVERY_AFTER_START = new Tunable<>("conveyor.recovery.after-start", "1 s",
            () -> Duration.ofSeconds(1), Tunable::duration,
            "When the first recovery pass runs after a start: it takes back at once what this node's previous start left.");
    public static final Tunable<Duration> RECOVERY_ORPHAN_GRACE = new Tunable<>("conveyor.recovery.orphan-grace", "30 s",
            () -> Duration.ofSeconds(30), Tunable::duration,
            "A stage folder with no job row this old is a claim that never committed: recovery makes its job, the file staying in stage.");
    public static final Tunable<Duration> RECOVERY_RUNNING_UNATTENDED = new Tunable<>("conveyor.recovery.running-unattended", "30 s",
            () -> Duration.ofSeconds(30), Tunable::duration,
            "A job RUNNING this long on a dead node, or on this node with no worker running it, is queued again.");
    public static final Tunable<Duration> RECOVERY_WRITING_STALE = new Tunable<>("conveyor.recovery.writing-stale", "2 min",
            () -> Duration.ofMinutes(2), Tunable::duration, "A job WRITING its results this long lost its callback: recovery sends another (once a dead node's job has been WRITING for running-unattended).");
    public static final Tunable<Duration> RECOVERY_QUEUED_STALE = new Tunable<>("conveyor.recovery.queued-stale", "30 s",
            () -> Duration.ofSeconds(30), Tunable::duration,
            "A job QUEUED this long whose id is in no message on the dispatch queue lost its message: recovery sends another.");
    public static final Tunable<CronSchedule> PURGE_CRON = new Tunable<>("conveyor.purge.cron", PurgeTimes.DAILY,
            () -> CronSchedule.parse(PurgeTimes.DAILY), CronSchedule::parse,
            "When the purge runs by itself: a Quartz cron expression, seconds first (server time); one node of a cluster runs each firing.");
    public static final Tunable<Duration> NODE_DEAD_AFTER = new Tunable<>("conveyor.node.dead-after", "30 s", () -> Duration.ofSeconds(30),
            Tunable::duration, "A node whose heartbeat (every 10 s) is older than this is dead: others take over its jobs and its endpoints' scans.");
    public static final Tunable<Duration> WORKERS_STUCK_AFTER = new Tunable<>("conveyor.workers.stuck-after", "30 min",
            () -> Duration.ofMinutes(30), Tunable::duration,
            "A worker running one job longer than this counts as stuck; a node whose workers are all stuck reports itself not live (/health/live).");
    public static final Tunable<Integer> IMAGE_MEMORY = new Tunable<>("conveyor.image-memory", "half the heap (512 at -Xmx1g)",
            () -> (int) Math.max(1, Runtime.getRuntime().maxMemory() / 2 / (1 << 20)), Tunable::count,
            "MiB of heap the images image.convert decodes at once on a node may take, shared by its workers; a conversion waits up to 10 s "
                    + "for its share, then fails its attempt. Raise it together with the heap (CONVEYOR_JAVA_OPTS).");

    /** Those that size message-driven beans: Payara reads them at deployment through their references. */
    static final List<Tunable<Integer>> SIZING_BEANS = List.of(WORKERS, RESULT_WRITERS, SIGNAL_LISTENERS, SUBMISSION_LISTENERS);

    public static final List<Tunable<?>> ALL = List.of(WORKERS, RESULT_WRITERS, SIGNAL_LISTENERS, SUBMISSION_LISTENERS, ATTEMPTS, RETRY_BACK_OFF, RECOVERY_INTERVAL,
            RECOVERY_AFTER_START, RECOVERY_ORPHAN_GRACE, RECOVERY_RUNNING_UNATTENDED, RECOVERY_WRITING_STALE, RECOVERY_QUEUED_STALE,
            PURGE_CRON, NODE_DEAD_AFTER, WORKERS_STUCK_AFTER, IMAGE_MEMORY);

    private final String name;
    private final String defaultText;
    private final Supplier<T> defaultValue;
    private final Function<String, T> parse;
    private final String description;

    private Tunable(String name, String defaultText, Supplier<T> defaultValue, Function<String, T> parse, String description) {
        this.name = name;
        this.defaultText = defaultText;
        this.defaultValue = defaultValue;
        this.parse = parse;
        this.description = description;
    }

    public String name() {
        return name;
    }

    /** The default as the documentation states it (a value, or how it is worked out). */
    public String defaultText() {
        return defaultText;
    }

    public String description() {
        return description;
    }

    /** The environment variable MicroProfile Config maps to the name: upper case, every other character '_'. */
    public String environmentVariable() {
        return name.replaceAll("[^A-Za-z0-9]", "_").toUpperCase(Locale.ROOT);
    }

    /** Reads every tunable once, so that a value that does not parse stops the start (CNV-2017-E) rather than the first use. */
    public static void checkAll() {
        ALL.forEach(Tunable::value);
    }

    /** Its value in the server's configuration (MicroProfile Config), or the default. */
    public T value() {
        return value(key -> ConfigProvider.getConfig().getOptionalValue(key, String.class));
    }

    /** Its value in {@code source}, or the default; a value that does not parse is refused with CNV-2017-E. */
    public T value(Function<String, Optional<String>> source) {
        Optional<String> configured = source.apply(name).map(String::strip).filter(text -> !text.isEmpty());
        if (configured.isEmpty()) {
            return defaultValue.get();
        }
        try {
            return parse.apply(configured.get());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(MessageId.INVALID_TUNABLE.format(name, configured.get(), e.getMessage(), environmentVariable()), e);
        }
    }

    /** A whole number of at least 1. */
    static int count(String text) {
        int value;
        try {
            value = Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a whole number");
        }
        if (value < 1) {
            throw new IllegalArgumentException("must be 1 or more");
        }
        return value;
    }

    /** A positive length of time, written as endpoint settings' durations are ({@link Durations}: 20 s, 500 ms, 2 min, PT20S). */
    static Duration duration(String text) {
        Duration value = Durations.parse(text);
        if (value.isZero() || value.isNegative()) {
            throw new IllegalArgumentException("must be longer than zero");
        }
        return value;
    }

    /** The deploy scripts' defaults for tunables that MDBs reference: name=value lines. */
    public static void main(String[] args) {
        for (Tunable<?> tunable : SIZING_BEANS) {
            System.out.println(tunable.name() + "=" + tunable.value(key -> Optional.empty()));
        }
    }
}
