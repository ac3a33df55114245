package dev.conveyor.endpoint;

import static dev.conveyor.endpoint.SettingType.BOOLEAN;
import static dev.conveyor.endpoint.SettingType.INPUT_MAPPINGS;
import static dev.conveyor.endpoint.SettingType.INTEGER;
import static dev.conveyor.endpoint.SettingType.LONG;
import static dev.conveyor.endpoint.SettingType.OUTPUT_MAPPINGS;
import static dev.conveyor.endpoint.SettingType.STRING;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Every setting of the watched-folder manual, with its default and meaning. */
public final class EndpointSettings {

    public static final Setting<String> NAME = new Setting<>("name", STRING, null, false,
            "Unique name of the endpoint; no '<'.");
    public static final Setting<String> DESCRIPTION = new Setting<>("description", STRING, "", false,
            "What the endpoint is for.");
    public static final Setting<String> PATH = new Setting<>("path", STRING, null, false,
            "The watched folder, below an allowed root (relative paths are taken under the first root); created if missing.");
    public static final Setting<Boolean> ASYNCHRONOUS = new Setting<>("asynchronous", BOOLEAN, true, true,
            "true: jobs go through the Job Manager queue to the workers; false: the scanner runs the operation itself.");
    public static final Setting<String> CRON_EXPRESSION = new Setting<>("cronExpression", STRING, "", true,
            "Quartz cron expression (6 or 7 fields, seconds first) to scan on; when set, repeatInterval is ignored.");
    public static final Setting<Integer> REPEAT_INTERVAL = new Setting<>("repeatInterval", INTEGER, 5, true,
            "Seconds between scans.");
    public static final Setting<Integer> REPEAT_COUNT = new Setting<>("repeatCount", INTEGER, -1, true,
            "How many scans to make; -1 scans forever.");
    public static final Setting<Boolean> THROTTLE = new Setting<>("throttle", BOOLEAN, false, true,
            "Limit the jobs in progress to batchSize: a scan takes batchSize minus the endpoint's unfinished jobs. "
                    + "Unfinished counts STAGED, QUEUED, RUNNING, WRITING and WAITING: a job waiting for a signal has taken its "
                    + "files and will still run, so it holds its place as the manual's jobs in progress do.");
    public static final Setting<String> USER_NAME = new Setting<>("userName", STRING, "SuperAdmin", true,
            "The identity the operation runs as; recorded on each job.");
    public static final Setting<String> DOMAIN_NAME = new Setting<>("domainName", STRING, "DefaultDom", true,
            "The domain of userName.");
    public static final Setting<Integer> BATCH_SIZE = new Setting<>("batchSize", INTEGER, 2, true,
            "Files or job folders taken per scan, oldest first.");
    public static final Setting<Long> WAIT_TIME = new Setting<>("waitTime", LONG, 0L, true,
            "Milliseconds a file or folder must have been left unchanged before it is taken.");
    public static final Setting<String> EXCLUDE_FILE_PATTERN = new Setting<>("excludeFilePattern", STRING, ".*", true,
            "';'-separated patterns of files and folders never taken. The default skips hidden names, where copy tools "
                    + "(and Conveyor itself) write files in progress. Whatever the patterns, an empty file or a folder with no "
                    + "permissions at all (mode 000) is never taken either: it is a name an endpoint writing its results there "
                    + "holds until it renames the result over it.");
    public static final Setting<String> INCLUDE_FILE_PATTERN = new Setting<>("includeFilePattern", STRING, "*", true,
            "';'-separated patterns of files and folders to take: wildcards (*.pdf, Data[0-9][0-9][0-9].[dD][aA]'port') "
                    + "or regex:...; a matching folder is a job folder.");
    public static final Setting<String> RESULT_FOLDER = new Setting<>("resultFolder", STRING, "result/%Y/%M/%D/", true,
            "Where results go: relative to the watched folder, or absolute below an allowed root; folder patterns allowed.");
    public static final Setting<String> PRESERVE_FOLDER = new Setting<>("preserveFolder", STRING, "preserve/%Y/%M/%D/", true,
            "Where sources of successful jobs are kept; empty keeps none.");
    public static final Setting<String> FAILURE_FOLDER = new Setting<>("failureFolder", STRING, "failure/%Y/%M/%D/", true,
            "Where failed jobs go with a failure.log; always relative to the watched folder.");
    public static final Setting<Boolean> PRESERVE_ON_FAILURE = new Setting<>("preserveOnFailure", BOOLEAN, true, true,
            "Keep the source of a failed job in the failure folder (false: delete it, keep only failure.log).");
    public static final Setting<Boolean> OVERWRITE_DUPLICATE_FILENAME = new Setting<>("overwriteDuplicateFilename", BOOLEAN, false, true,
            "true: a result or preserved file replaces one of the same name; false: a numeric index is added (name_1.ext).");
    public static final Setting<Integer> PURGE_DURATION = new Setting<>("purgeDuration", INTEGER, -1, true,
            "Days after which result-folder content is deleted by the daily purge; -1 never.");
    public static final Setting<Integer> JOB_RECORD_DURATION = new Setting<>("jobRecordDuration", INTEGER, 30, true,
            "Days a finished job's record is kept (its state, attributes and results as the API lists them); the daily purge"
                    + " deletes older ones, a succeeded job's never before its results while purgeDuration is set; -1 keeps them."
                    + " Service-wide, also how long an unused release signal is kept.");
    public static final Setting<String> OPERATION_NAME = new Setting<>("operationName", STRING, null, false,
            "The operation to run; GET /api/operations lists them.");
    public static final Setting<Map<String, InputMapping>> INPUT_PARAMETER_MAPPINGS = new Setting<>("inputParameterMappings",
            INPUT_MAPPINGS, Map.of(), false,
            "By input parameter: {\"type\": \"literal\" or \"variable\", \"value\": \"...\"}; unmapped 'input' takes the dropped file or folder.");
    public static final Setting<Map<String, String>> OUTPUT_PARAMETER_MAPPINGS = new Setting<>("outputParameterMappings",
            OUTPUT_MAPPINGS, Map.of(), false,
            "By output parameter: a name pattern such as %F.txt, or a folder such as out/ (ending in '/').");
    public static final Setting<Integer> MAX_QUEUE_SIZE = new Setting<>("maxQueueSize", INTEGER, 10_000, true,
            "Jobs accepted and not yet running (STAGED or QUEUED) the endpoint holds at most; when full, scans take nothing "
                    + "and JMS submissions are refused.");
    public static final Setting<Integer> FREE_QUEUE_SIZE_THRESHOLD = new Setting<>("freeQueueSizeThreshold", INTEGER, 20, true,
            "Percent of maxQueueSize: when the free size falls to it or below, CNV-7001-W is logged once and JMS producers "
                    + "get QueueThresholdExceededException.");
    public static final Setting<Boolean> FREE_QUEUE_SIZE_THRESHOLD_WARNING = new Setting<>("freeQueueSizeThresholdWarning", BOOLEAN,
            true, true, "Whether a crossing of freeQueueSizeThreshold writes CNV-7001-W to the server log; false keeps the log quiet "
                    + "while the crossing is still counted in the metric and JMS producers still get QueueThresholdExceededException.");
    public static final Setting<Long> SLEEP_ON_OVER_STORE = new Setting<>("sleepOnOverStore", LONG, 1000L, true,
            "Milliseconds the result writer sleeps before trying again when the results cannot be stored (downstream "
                    + "endpoint full, result volume under minimumFreeSpace).");
    public static final Setting<Integer> SLEEP_ON_OVER_STORE_RETRY_COUNT = new Setting<>("sleepOnOverStoreRetryCount", INTEGER, 3, true,
            "How many times to sleep and retry before the endpoint becomes BLOCKED; 0 blocks at once.");
    public static final Setting<Long> MINIMUM_FREE_SPACE = new Setting<>("minimumFreeSpace", LONG, 0L, true,
            "MiB that must stay free on the result folder's volume; results that would leave less wait (sleep, retry, BLOCKED).");

    public static final Setting<Integer> OPERATION_TIME_LIMIT = new Setting<>("operationTimeLimit", INTEGER, 600, true,
            "Seconds a job's operation may run; past it the job fails with the reason (CNV-3001-E) and its worker is free again "
                    + "(the operation's thread is interrupted, its output ignored; a copy, which its input's size bounds, runs on the "
                    + "worker's own thread and fails when it ends). 0: no limit.");
    public static final Setting<Integer> OPERATION_OUTPUT_LIMIT = new Setting<>("operationOutputLimit", INTEGER, 1024, true,
            "MiB one run of the operation may write; past it the job fails with the reason (CNV-3001-E), what it wrote is "
                    + "removed and its worker is free again (a copy writes nothing of a larger input). 0: no limit.");

    public static final Setting<Optional<WaitSpec>> WAIT = new Setting<>("wait", WaitSpec.SETTING_TYPE, Optional.empty(), false,
            "Jobs wait, before their operation, for release signals: {\"releaseSignalId\": \"${file.baseName}\", ...}; "
                    + "see Release signals. null: jobs do not wait.");
    public static final Setting<Optional<NotifySpec>> NOTIFY = new Setting<>("notify", NotifySpec.SETTING_TYPE, Optional.empty(), false,
            "A finished job sends a release signal: {\"on\": \"success\", \"releaseSignalId\": \"${file.baseName}\", ...}; "
                    + "see Release signals. null: no signal.");

    public static final Setting<Optional<FanOutSpec>> FAN_OUT = new Setting<>("fanOut", FanOutSpec.SETTING_TYPE, Optional.empty(), false,
            "Every result becomes a child job of another endpoint and the job waits for them, then joins their results: "
                    + "{\"endpoint\": \"pages\", \"joinOperation\": \"pdf.merge\"}; see Fan-out and fan-in. null: no fan-out.");

    /** Every setting, in the manual's order, then Conveyor's own. */
    public static final List<Setting<?>> ALL = List.of(NAME, DESCRIPTION, PATH, ASYNCHRONOUS, CRON_EXPRESSION, REPEAT_INTERVAL,
            REPEAT_COUNT, THROTTLE, USER_NAME, DOMAIN_NAME, BATCH_SIZE, WAIT_TIME, EXCLUDE_FILE_PATTERN, INCLUDE_FILE_PATTERN,
            RESULT_FOLDER, PRESERVE_FOLDER, FAILURE_FOLDER, PRESERVE_ON_FAILURE, OVERWRITE_DUPLICATE_FILENAME, PURGE_DURATION,
            JOB_RECORD_DURATION, OPERATION_NAME, INPUT_PARAMETER_MAPPINGS, OUTPUT_PARAMETER_MAPPINGS, MAX_QUEUE_SIZE,
            FREE_QUEUE_SIZE_THRESHOLD, FREE_QUEUE_SIZE_THRESHOLD_WARNING, SLEEP_ON_OVER_STORE, SLEEP_ON_OVER_STORE_RETRY_COUNT,
            MINIMUM_FREE_SPACE, OPERATION_TIME_LIMIT, OPERATION_OUTPUT_LIMIT, WAIT, NOTIFY, FAN_OUT);

    /**
     * The settings in the groups of the watched-folder manual's configuration page, in its order
     * (Conveyor's flow-control and signal settings last): the console's endpoint form follows it.
     */
    public static final Map<String, List<Setting<?>>> GROUPS = groups(
            Map.entry("Endpoint", List.of(NAME, DESCRIPTION, PATH, OPERATION_NAME, OPERATION_TIME_LIMIT, OPERATION_OUTPUT_LIMIT)),
            Map.entry("Scanning", List.of(ASYNCHRONOUS, CRON_EXPRESSION, REPEAT_INTERVAL, REPEAT_COUNT, THROTTLE, BATCH_SIZE, WAIT_TIME)),
            Map.entry("Identity", List.of(USER_NAME, DOMAIN_NAME)),
            Map.entry("Files", List.of(INCLUDE_FILE_PATTERN, EXCLUDE_FILE_PATTERN)),
            Map.entry("Folders", List.of(RESULT_FOLDER, PRESERVE_FOLDER, FAILURE_FOLDER, PRESERVE_ON_FAILURE,
                    OVERWRITE_DUPLICATE_FILENAME, PURGE_DURATION, JOB_RECORD_DURATION)),
            Map.entry("Parameter mappings", List.of(INPUT_PARAMETER_MAPPINGS, OUTPUT_PARAMETER_MAPPINGS)),
            Map.entry("Flow control", List.of(MAX_QUEUE_SIZE, FREE_QUEUE_SIZE_THRESHOLD, FREE_QUEUE_SIZE_THRESHOLD_WARNING,
                    SLEEP_ON_OVER_STORE, SLEEP_ON_OVER_STORE_RETRY_COUNT, MINIMUM_FREE_SPACE)),
            Map.entry("Release signals and fan-out", List.of(WAIT, NOTIFY, FAN_OUT)));

    @SafeVarargs
    private static Map<String, List<Setting<?>>> groups(Map.Entry<String, List<Setting<?>>>... groups) {
        Map<String, List<Setting<?>>> ordered = new LinkedHashMap<>();
        for (var group : groups) {
            ordered.put(group.getKey(), group.getValue());
        }
        return Collections.unmodifiableMap(ordered);
    }

    /** How a form edits the setting: "text", "boolean", "number", or "json" (mappings and objects). */
    public static String inputKind(Setting<?> setting) {
        if (setting.type() == SettingType.STRING) {
            return "text";
        }
        if (setting.type() == SettingType.BOOLEAN) {
            return "boolean";
        }
        if (setting.type() == SettingType.INTEGER || setting.type() == SettingType.LONG) {
            return "number";
        }
        return "json";
    }

    /** The settings the service-wide defaults ("Watched Folder service" settings) may give. */
    public static final List<Setting<?>> SERVICE_WIDE = ALL.stream().filter(Setting::serviceWide).toList();

    public static final SettingValues MANUAL_DEFAULTS = SettingValues.manualDefaults(ALL);

    private EndpointSettings() {
    }
}
