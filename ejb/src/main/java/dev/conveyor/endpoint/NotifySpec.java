package dev.conveyor.endpoint;

import static dev.conveyor.common.JsonText.JSON;

import dev.conveyor.common.BoundedRegex;
import dev.conveyor.common.ConveyorException;
import dev.conveyor.expression.AttributeExpression;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Logger;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * An endpoint's {@code notify}: when one of its jobs ends as {@code on} says, the counter of the
 * signal its {@code releaseSignalId} names grows by {@code signalCounterDelta}, carrying the job's
 * attributes whose names match {@code attributeCacheRegex}.
 */
public record NotifySpec(String on, AttributeExpression releaseSignalId, AttributeExpression signalCounterName,
                         AttributeExpression signalCounterDelta, String attributeCacheRegex) {

    private static final Logger LOG = Logger.getLogger(NotifySpec.class.getName());

    public static final String SUCCESS = "success";
    public static final String FAILURE = "failure";
    public static final String COMPLETION = "completion";

    public static final SettingType<Optional<NotifySpec>> SETTING_TYPE = SettingType.optionalObject(
            "an object with releaseSignalId and optional on (success, failure, completion), signalCounterName, "
                    + "signalCounterDelta, attributeCacheRegex",
            NotifySpec::read, NotifySpec::toJson);

    private static final Set<String> KEYS = Set.of("on", "releaseSignalId", "signalCounterName", "signalCounterDelta",
            "attributeCacheRegex");

    static NotifySpec read(String field, JsonObject json) {
        SettingFields fields = new SettingFields(field, json, KEYS);
        fields.required("releaseSignalId");
        String regex = fields.string("attributeCacheRegex", "");
        try {
            Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            throw ConveyorException.invalidField(field + ".attributeCacheRegex", e.getDescription());
        }
        return new NotifySpec(fields.choice("on", SUCCESS, Set.of(SUCCESS, FAILURE, COMPLETION)),
                fields.expression("releaseSignalId", ""),
                fields.expression("signalCounterName", "default"),
                fields.expression("signalCounterDelta", "1"),
                regex);
    }

    JsonValue toJson() {
        return JSON.createObjectBuilder()
                .add("on", on)
                .add("releaseSignalId", releaseSignalId.toString())
                .add("signalCounterName", signalCounterName.toString())
                .add("signalCounterDelta", signalCounterDelta.toString())
                .add("attributeCacheRegex", attributeCacheRegex)
                .build();
    }

    /** Whether a job that ended so sends this notify. */
    public boolean appliesTo(boolean succeeded) {
        return on.equals(COMPLETION) || on.equals(succeeded ? SUCCESS : FAILURE);
    }

    /**
     * The job's attributes this notify carries to the signal. An attribute name the regular
     * expression gives up on (CNV-2018-W, logged) is not carried; the signal still counts.
     */
    public Map<String, String> cachedAttributes(Map<String, String> attributes) {
        Map<String, String> cached = new LinkedHashMap<>();
        if (!attributeCacheRegex.isEmpty()) {
            Pattern cache = Pattern.compile(attributeCacheRegex);
            attributes.forEach((name, value) -> {
                try {
                    if (BoundedRegex.matches(cache, name)) {
                        cached.put(name, value);
                    }
                } catch (BoundedRegex.GaveUp e) {
                    LOG.warning(e.message("attribute '" + name + "' is not carried to the signal"));
                }
            });
        }
        return cached;
    }
}
