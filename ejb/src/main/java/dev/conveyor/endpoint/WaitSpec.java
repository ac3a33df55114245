package dev.conveyor.endpoint;

import dev.conveyor.common.Durations;
import static dev.conveyor.common.JsonText.JSON;

import dev.conveyor.expression.AttributeExpression;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;

/**
 * An endpoint's {@code wait}: its jobs wait, once claimed and before their operation runs, until
 * the signal their {@code releaseSignalId} names reaches {@code targetSignalCount}.
 *
 * @param releaseSignalId     expression giving the signal id; empty fails the job
 * @param targetSignalCount   expression: the count that releases
 * @param signalCounterName   the counter to count; empty counts the total of all counters
 * @param releasableCount     expression: jobs released per target reached; 0 releases every waiting job
 * @param expiration          how long a job may wait before it goes to {@code expiredFolder}
 * @param expiredFolder       folder template for expired jobs, relative to the watched folder
 * @param keepOrder           waitMode keep: while a job waits, the endpoint starts nothing newer
 * @param penalty             a signal id checked and not released is not checked again by the sweep for this long
 * @param bufferCount         waiting jobs the sweep looks at per pass, grouped by signal id
 * @param replaceAttributes   attributeCopyMode replace: signal attributes overwrite the job's
 */
public record WaitSpec(AttributeExpression releaseSignalId, AttributeExpression targetSignalCount, String signalCounterName,
                       AttributeExpression releasableCount, Duration expiration, String expiredFolder, boolean keepOrder,
                       Duration penalty, int bufferCount, boolean replaceAttributes) {

    public static final String TRANSFER = "transfer";
    public static final String KEEP = "keep";
    public static final String KEEP_ORIGINAL = "keeporiginal";
    public static final String REPLACE = "replace";
    public static final String DEFAULT_EXPIRED_FOLDER = "expired/%Y/%M/%D/";
    public static final int DEFAULT_BUFFER_COUNT = 100;

    public static final SettingType<Optional<WaitSpec>> SETTING_TYPE = SettingType.optionalObject(
            "an object with releaseSignalId and optional targetSignalCount, signalCounterName, releasableCount, "
                    + "expirationDuration, expiredFolder, waitMode, waitPenaltyDuration, waitBufferCount, attributeCopyMode",
            WaitSpec::read, WaitSpec::toJson);

    private static final Set<String> KEYS = Set.of("releaseSignalId", "targetSignalCount", "signalCounterName", "releasableCount",
            "expirationDuration", "expiredFolder", "waitMode", "waitPenaltyDuration", "waitBufferCount", "attributeCopyMode");

    static WaitSpec read(String field, JsonObject json) {
        SettingFields fields = new SettingFields(field, json, KEYS);
        fields.required("releaseSignalId");
        return new WaitSpec(
                fields.expression("releaseSignalId", ""),
                fields.expression("targetSignalCount", "1"),
                fields.string("signalCounterName", ""),
                fields.expression("releasableCount", "1"),
                fields.duration("expirationDuration", Duration.ofMinutes(10)),
                fields.string("expiredFolder", DEFAULT_EXPIRED_FOLDER),
                fields.choice("waitMode", TRANSFER, Set.of(TRANSFER, KEEP)).equals(KEEP),
                fields.duration("waitPenaltyDuration", Duration.ZERO),
                fields.integer("waitBufferCount", DEFAULT_BUFFER_COUNT, 1),
                fields.choice("attributeCopyMode", KEEP_ORIGINAL, Set.of(KEEP_ORIGINAL, REPLACE)).equals(REPLACE));
    }

    /** How jobs of {@code endpoint} wait: its wait, or, for the parents of a fan-out, on their children. */
    public static Optional<WaitSpec> of(EndpointConfig endpoint) {
        return endpoint.get(EndpointSettings.WAIT).or(() -> endpoint.get(EndpointSettings.FAN_OUT).map(FanOutSpec::parentWait));
    }

    JsonValue toJson() {
        return JSON.createObjectBuilder()
                .add("releaseSignalId", releaseSignalId.toString())
                .add("targetSignalCount", targetSignalCount.toString())
                .add("signalCounterName", signalCounterName)
                .add("releasableCount", releasableCount.toString())
                .add("expirationDuration", Durations.format(expiration))
                .add("expiredFolder", expiredFolder)
                .add("waitMode", keepOrder ? KEEP : TRANSFER)
                .add("waitPenaltyDuration", Durations.format(penalty))
                .add("waitBufferCount", bufferCount)
                .add("attributeCopyMode", replaceAttributes ? REPLACE : KEEP_ORIGINAL)
                .build();
    }
}
