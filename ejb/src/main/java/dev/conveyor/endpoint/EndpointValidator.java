package dev.conveyor.endpoint;

import static dev.conveyor.endpoint.EndpointSettings.*;

import dev.conveyor.common.ConveyorException;
import dev.conveyor.common.CronSchedule;
import dev.conveyor.operation.Operation;
import dev.conveyor.operation.Parameter;
import dev.conveyor.operation.ParameterType;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Checks an endpoint's settings at save time, so that nothing wrong is discovered at scan time.
 * Every refusal names the field and says what would be accepted.
 */
public final class EndpointValidator {

    static final int MAX_NAME_LENGTH = 100;
    static final int MAX_DESCRIPTION_LENGTH = 2000;
    static final int MAX_BATCH_SIZE = 10_000;
    /** An endpoint's name: never '.' or '..', never a separator, so %J cannot lead a folder pattern elsewhere. */
    private static final Pattern SAFE_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

    /**
     * Two jobs that differ in every placeholder except %J (the endpoint's name, fixed for an
     * endpoint): what stays the same between them is fixed.
     */
    private static final FolderTemplate.Values SAMPLE = new FolderTemplate.Values(
            ZonedDateTime.of(2001, 2, 3, 4, 5, 6, 7_000_000, ZoneOffset.UTC), "job-a", "endpoint", "a.x", digit(1));
    private static final FolderTemplate.Values OTHER_SAMPLE = new FolderTemplate.Values(
            ZonedDateTime.of(2012, 11, 12, 13, 14, 15, 789_000_000, ZoneOffset.UTC), "job-b", "endpoint", "b.y", digit(2));

    private final AllowedRoots roots;
    private final Function<String, Optional<Operation>> operations;

    public EndpointValidator(AllowedRoots roots, Function<String, Optional<Operation>> operations) {
        this.roots = roots;
        this.operations = operations;
    }

    /**
     * Validates the settings an endpoint would run with (defaults already laid under) and
     * returns its watched folder as an absolute path.
     */
    public Path validate(SettingValues s) {
        checkName(s.get(NAME));
        Path folder = checkPath(s.get(PATH));
        if (s.get(DESCRIPTION).length() > MAX_DESCRIPTION_LENGTH) {
            throw ConveyorException.invalidField(DESCRIPTION.name(), "at most " + MAX_DESCRIPTION_LENGTH + " characters");
        }
        Operation operation = checkOperation(s.get(OPERATION_NAME));
        checkStandalone(s);
        checkOutputFolder(RESULT_FOLDER.name(), s.get(RESULT_FOLDER), folder, false, true);
        checkOutputFolder(PRESERVE_FOLDER.name(), s.get(PRESERVE_FOLDER), folder, true, true);
        checkOutputFolder(FAILURE_FOLDER.name(), s.get(FAILURE_FOLDER), folder, false, false);
        if (s.get(WAIT).isPresent()) {
            checkOutputFolder(WAIT.name() + ".expiredFolder", s.get(WAIT).get().expiredFolder(), folder, false, false);
        }
        s.get(FAN_OUT).ifPresent(fanOut -> checkFanOut(fanOut, s));
        checkInputMappings(operation, s.get(INPUT_PARAMETER_MAPPINGS));
        checkOutputMappings(operation, s.get(OUTPUT_PARAMETER_MAPPINGS));
        return folder;
    }

    /** Checks only what service-wide defaults can hold on their own (no folder, no operation). */
    public static void validateServiceDefaults(SettingValues s) {
        SettingValues all = s.over(EndpointSettings.MANUAL_DEFAULTS);
        checkStandalone(all);
        for (Setting<String> folder : List.of(RESULT_FOLDER, PRESERVE_FOLDER, FAILURE_FOLDER)) {
            try {
                FolderTemplate.of(all.get(folder));
            } catch (IllegalArgumentException e) {
                throw ConveyorException.invalidField(folder.name(), e.getMessage());
            }
        }
    }

    /**
     * The checks a setting passes on its own, whatever endpoint it belongs to: the same for an
     * endpoint and for the service-wide defaults, which endpoints inherit as they are.
     */
    private static void checkStandalone(SettingValues s) {
        checkSchedule(s);
        checkAtLeast(BATCH_SIZE, s.get(BATCH_SIZE), 1);
        if (s.get(BATCH_SIZE) > MAX_BATCH_SIZE) {
            throw ConveyorException.invalidField(BATCH_SIZE.name(), "must be at most " + MAX_BATCH_SIZE + ", was " + s.get(BATCH_SIZE));
        }
        if (s.get(WAIT_TIME) < 0) {
            throw ConveyorException.invalidField(WAIT_TIME.name(), "must be 0 or more milliseconds, was " + s.get(WAIT_TIME));
        }
        checkMinusOneOrPositive(PURGE_DURATION, s.get(PURGE_DURATION), "days");
        checkMinusOneOrPositive(JOB_RECORD_DURATION, s.get(JOB_RECORD_DURATION), "days");
        checkAtLeast(OPERATION_OUTPUT_LIMIT, s.get(OPERATION_OUTPUT_LIMIT), 0);
        checkFlowControl(s);
        checkNotBlank(USER_NAME, s.get(USER_NAME));
        checkNotBlank(DOMAIN_NAME, s.get(DOMAIN_NAME));
        checkPattern(INCLUDE_FILE_PATTERN, s.get(INCLUDE_FILE_PATTERN), false);
        checkPattern(EXCLUDE_FILE_PATTERN, s.get(EXCLUDE_FILE_PATTERN), true);
    }

    private static void checkFlowControl(SettingValues s) {
        checkAtLeast(MAX_QUEUE_SIZE, s.get(MAX_QUEUE_SIZE), 1);
        checkAtLeast(FREE_QUEUE_SIZE_THRESHOLD, s.get(FREE_QUEUE_SIZE_THRESHOLD), 0);
        if (s.get(FREE_QUEUE_SIZE_THRESHOLD) > 100) {
            throw ConveyorException.invalidField(FREE_QUEUE_SIZE_THRESHOLD.name(), "must be a percentage (0 to 100), was "
                    + s.get(FREE_QUEUE_SIZE_THRESHOLD));
        }
        checkAtLeast(SLEEP_ON_OVER_STORE_RETRY_COUNT, s.get(SLEEP_ON_OVER_STORE_RETRY_COUNT), 0);
        for (Setting<Long> setting : List.of(SLEEP_ON_OVER_STORE, MINIMUM_FREE_SPACE)) {
            if (s.get(setting) < 0) {
                throw ConveyorException.invalidField(setting.name(), "must be 0 or more, was " + s.get(setting));
            }
        }
    }

    private static void checkSchedule(SettingValues s) {
        String cron = s.get(CRON_EXPRESSION);
        if (!cron.isBlank()) {
            try {
                CronSchedule.parse(cron);
            } catch (IllegalArgumentException e) {
                throw ConveyorException.invalidField(CRON_EXPRESSION.name(), e.getMessage());
            }
        }
        checkAtLeast(REPEAT_INTERVAL, s.get(REPEAT_INTERVAL), 1);
        checkMinusOneOrPositive(REPEAT_COUNT, s.get(REPEAT_COUNT), "scans");
    }

    private static void checkAtLeast(Setting<Integer> setting, int value, int minimum) {
        if (value < minimum) {
            throw ConveyorException.invalidField(setting.name(), "must be at least " + minimum + ", was " + value);
        }
    }

    private static void checkMinusOneOrPositive(Setting<Integer> setting, int value, String unit) {
        if (value != -1 && value < 1) {
            throw ConveyorException.invalidField(setting.name(), "must be -1 (never ends) or a number of " + unit + ", was " + value);
        }
    }

    private static void checkNotBlank(Setting<String> setting, String value) {
        if (value.isBlank()) {
            throw ConveyorException.invalidField(setting.name(), "must not be empty");
        }
    }

    private static void checkPattern(Setting<String> setting, String pattern, boolean mayBeEmpty) {
        if (mayBeEmpty && pattern.isBlank()) {
            return;
        }
        try {
            FilePattern.of(pattern);
        } catch (IllegalArgumentException e) {
            throw ConveyorException.invalidField(setting.name(), e.getMessage());
        }
    }

    private static void checkName(String name) {
        if (name == null || name.isBlank()) {
            throw ConveyorException.invalidField(NAME.name(), "a name is required");
        }
        if (name.length() > MAX_NAME_LENGTH) {
            throw ConveyorException.invalidField(NAME.name(), "at most " + MAX_NAME_LENGTH + " characters");
        }
        if (!SAFE_NAME.matcher(name).matches()) {
            throw ConveyorException.invalidField(NAME.name(), "use letters, digits, '.', '_' and '-' only, starting with a letter "
                    + "or digit (the name becomes part of URLs and, through %J, of folder names)");
        }
    }

    private Path checkPath(String path) {
        if (path == null || path.isBlank()) {
            throw ConveyorException.invalidField(PATH.name(), "a folder to watch is required");
        }
        Optional<Path> folder;
        try {
            folder = roots.resolve(path);
        } catch (InvalidPathException e) {
            throw ConveyorException.invalidField(PATH.name(), "'" + path + "' is not a valid path: " + e.getReason());
        }
        return folder.orElseThrow(() -> ConveyorException.invalidField(PATH.name(),
                "'" + path + "' is not below an allowed root (CONVEYOR_ROOTS: " + roots.roots() + ")"));
    }

    /** A fan-out's parents wait on their children, so the endpoint cannot also wait before running; the join takes a list. */
    private void checkFanOut(FanOutSpec fanOut, SettingValues s) {
        if (s.get(WAIT).isPresent()) {
            throw ConveyorException.invalidField(FAN_OUT.name(), "an endpoint with a fanOut cannot have a wait as well: "
                    + "its jobs already wait, for their children");
        }
        if (fanOut.endpoint().equals(s.get(NAME))) {
            throw ConveyorException.invalidField(FAN_OUT.name() + ".endpoint", "must be another endpoint: a job cannot be its own fragment");
        }
        Operation join = operations.apply(fanOut.joinOperation()).orElseThrow(() -> ConveyorException.invalidField(
                FAN_OUT.name() + ".joinOperation", "no operation is named '" + fanOut.joinOperation() + "'; GET /api/operations lists them"));
        boolean takesList = join.inputs().stream().anyMatch(input -> input.name().equals(Operation.INPUT)
                && input.type() == ParameterType.DOCUMENT_LIST);
        if (!takesList) {
            throw ConveyorException.invalidField(FAN_OUT.name() + ".joinOperation", "'" + fanOut.joinOperation()
                    + "' does not take a document list as 'input'; the join gets the children's results, e.g. pdf.merge or archive.zip");
        }
    }

    private Operation checkOperation(String name) {
        if (name == null || name.isBlank()) {
            throw ConveyorException.invalidField(OPERATION_NAME.name(), "an operation is required; GET /api/operations lists them");
        }
        return operations.apply(name).orElseThrow(() -> ConveyorException.invalidField(OPERATION_NAME.name(),
                "no operation is named '" + name + "'; GET /api/operations lists them"));
    }

    /**
     * Every mapping must name an input the operation has, with a value of the parameter's type;
     * every required input without a default must be mapped, except the main input, which takes
     * the dropped file or folder.
     */
    private static void checkInputMappings(Operation operation, Map<String, InputMapping> mappings) {
        for (var entry : mappings.entrySet()) {
            String field = INPUT_PARAMETER_MAPPINGS.name() + "." + entry.getKey();
            Parameter parameter = operation.inputs().stream().filter(p -> p.name().equals(entry.getKey())).findFirst()
                    .orElseThrow(() -> ConveyorException.invalidField(field, "operation '" + operation.name()
                            + "' has no input named '" + entry.getKey() + "'; its inputs: " + names(operation.inputs())));
            InputMapping mapping = entry.getValue();
            try {
                if (mapping.kind() == InputMapping.Kind.LITERAL) {
                    parameter.type().fromLiteral(mapping.value());
                } else {
                    FilePattern.of(mapping.value());
                }
            } catch (IllegalArgumentException e) {
                throw ConveyorException.invalidField(field, e.getMessage());
            }
        }
        for (Parameter parameter : operation.inputs()) {
            if (parameter.required() && parameter.defaultValue() == null && !parameter.name().equals(Operation.INPUT)
                    && !mappings.containsKey(parameter.name())) {
                throw ConveyorException.invalidField(INPUT_PARAMETER_MAPPINGS.name() + "." + parameter.name(),
                        "operation '" + operation.name() + "' needs input '" + parameter.name() + "' ("
                                + parameter.type().signature() + "); map it");
            }
        }
    }

    private static void checkOutputMappings(Operation operation, Map<String, String> mappings) {
        for (var entry : mappings.entrySet()) {
            String field = OUTPUT_PARAMETER_MAPPINGS.name() + "." + entry.getKey();
            if (operation.outputs().stream().noneMatch(p -> p.name().equals(entry.getKey()))) {
                throw ConveyorException.invalidField(field, "operation '" + operation.name() + "' has no output named '"
                        + entry.getKey() + "'; its outputs: " + names(operation.outputs()));
            }
            try {
                OutputPattern.of(entry.getValue());
            } catch (IllegalArgumentException e) {
                throw ConveyorException.invalidField(field, e.getMessage());
            }
        }
    }

    private static String names(List<Parameter> parameters) {
        return parameters.stream().map(Parameter::name).toList().toString();
    }

    /**
     * An output folder must expand to a place that is neither the watched folder itself (its
     * results would be taken as new input) nor its stage folder, nor outside the allowed roots;
     * inside the watched folder, its first folder there must be fixed, since that is the name
     * scans keep away from (see FileSelection).
     */
    private void checkOutputFolder(String field, String template, Path watched, boolean mayBeEmpty, boolean mayBeAbsolute) {
        if (template.isEmpty() && mayBeEmpty) {
            return;
        }
        if (template.isBlank()) {
            throw ConveyorException.invalidField(field, "a folder is required");
        }
        String sample;
        try {
            sample = FolderTemplate.of(template).expand(new FolderTemplate.Values(
                    ZonedDateTime.now(), "job", "endpoint", "source.ext", new Random(0)));
        } catch (IllegalArgumentException e) {
            throw ConveyorException.invalidField(field, e.getMessage());
        }
        Path expanded;
        try {
            expanded = Path.of(sample);
        } catch (InvalidPathException e) {
            throw ConveyorException.invalidField(field, "'" + template + "' is not a valid path: " + e.getReason());
        }
        if (expanded.isAbsolute() && !mayBeAbsolute) {
            throw ConveyorException.invalidField(field, "must be relative to the watched folder, was '" + template + "'");
        }
        Path target = watched.resolve(expanded).normalize();
        if (target.equals(watched)) {
            throw ConveyorException.invalidField(field, "must not be the watched folder itself: its files would be taken again");
        }
        if (target.startsWith(watched.resolve(Endpoint.STAGE_FOLDER))) {
            throw ConveyorException.invalidField(field, "must not lie in the stage folder, which Conveyor keeps for jobs in progress");
        }
        if (!expanded.isAbsolute() && !target.startsWith(watched)) {
            throw ConveyorException.invalidField(field, "must stay inside the watched folder, was '" + template + "'");
        }
        if (!roots.contains(target)) {
            throw ConveyorException.invalidField(field, "'" + template + "' is not below an allowed root (CONVEYOR_ROOTS)");
        }
        if (!Objects.equals(firstFolderIn(watched, template, SAMPLE), firstFolderIn(watched, template, OTHER_SAMPLE))) {
            throw ConveyorException.invalidField(field, "the first folder of '" + template + "' in the watched folder must not change "
                    + "from job to job or with the time (e.g. result/%Y/, not %Y/): scans leave that folder alone, and one "
                    + "with a changing name would be taken as a dropped job folder");
        }
    }

    private static Random digit(int digit) {
        return new Random() {
            @Override
            public int nextInt(int bound) {
                return digit;
            }
        };
    }

    /** The first folder the template makes inside the watched folder; null when it lies elsewhere. */
    private static Path firstFolderIn(Path watched, String template, FolderTemplate.Values values) {
        Path target = watched.resolve(FolderTemplate.of(template).expand(values)).normalize();
        return target.startsWith(watched) && !target.equals(watched) ? watched.relativize(target).getName(0) : null;
    }
}
