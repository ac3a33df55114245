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
 * An endpoint's {@code fanOut}: every result of its operation becomes a child job of
 * {@code endpoint} (with {@code fragment.identifier}, {@code fragment.index}, {@code fragment.count});
 * the job itself waits for {@code fragment.count} signals on its id, which the child endpoint's
 * notify sends, then runs {@code joinOperation} over the children's results, in index order, and
 * its result folder receives what that makes.
 *
 * @param endpoint           the endpoint that works each fragment
 * @param joinOperation      the operation run over the children's results (it takes a document list)
 * @param failAtOnce         onChildFailure "fail": a failed child fails the parent at once with its
 *                           reason; "expire": the parent waits on and expires
 * @param expiration         how long the parent waits for its children
 */
public record FanOutSpec(String endpoint, String joinOperation, boolean failAtOnce, Duration expiration) {

    public static final String FRAGMENT_IDENTIFIER = "fragment.identifier";
    public static final String FRAGMENT_INDEX = "fragment.index";
    public static final String FRAGMENT_COUNT = "fragment.count";
    public static final String FAIL = "fail";
    public static final String EXPIRE = "expire";

    public static final SettingType<Optional<FanOutSpec>> SETTING_TYPE = SettingType.optionalObject(
            "an object with endpoint and joinOperation, and optional onChildFailure (fail, expire) and expirationDuration",
            FanOutSpec::read, FanOutSpec::toJson);

    private static final Set<String> KEYS = Set.of("endpoint", "joinOperation", "onChildFailure", "expirationDuration");

    static FanOutSpec read(String field, JsonObject json) {
        SettingFields fields = new SettingFields(field, json, KEYS);
        return new FanOutSpec(fields.required("endpoint"), fields.required("joinOperation"),
                fields.choice("onChildFailure", FAIL, Set.of(FAIL, EXPIRE)).equals(FAIL),
                fields.duration("expirationDuration", Duration.ofMinutes(10)));
    }

    JsonValue toJson() {
        return JSON.createObjectBuilder()
                .add("endpoint", endpoint)
                .add("joinOperation", joinOperation)
                .add("onChildFailure", failAtOnce ? FAIL : EXPIRE)
                .add("expirationDuration", Durations.format(expiration))
                .build();
    }

    /** How the parent waits: on its own id, for as many signals as it has children. */
    public WaitSpec parentWait() {
        return new WaitSpec(AttributeExpression.parse("${" + FRAGMENT_IDENTIFIER + "}"),
                AttributeExpression.parse("${" + FRAGMENT_COUNT + "}"), "", AttributeExpression.parse("1"), expiration,
                WaitSpec.DEFAULT_EXPIRED_FOLDER, false, Duration.ZERO, WaitSpec.DEFAULT_BUFFER_COUNT, false);
    }
}
