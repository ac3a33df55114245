package dev.conveyor.common;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as administrators write them: "10 min", "30 sec", "500 ms", "2 hours", or ISO-8601 "PT10M". */
public final class Durations {

    private static final Pattern AMOUNT_AND_UNIT = Pattern.compile("(\\d+)\\s*([a-z]+)");

    private Durations() {
    }

    public static Duration parse(String text) {
        String written = text.strip().toLowerCase(Locale.ROOT);
        if (written.startsWith("pt") || written.startsWith("p")) {
            try {
                return Duration.parse(written.toUpperCase(Locale.ROOT));
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException("'" + text + "' is not an ISO-8601 duration such as PT10M");
            }
        }
        Matcher matcher = AMOUNT_AND_UNIT.matcher(written);
        if (!matcher.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a duration such as \"10 min\", \"30 s\" or \"500 ms\"");
        }
        long amount = Long.parseLong(matcher.group(1));
        return switch (matcher.group(2)) {
            case "ms", "millis", "milliseconds" -> Duration.ofMillis(amount);
            case "s", "sec", "secs", "second", "seconds" -> Duration.ofSeconds(amount);
            case "m", "min", "mins", "minute", "minutes" -> Duration.ofMinutes(amount);
            case "h", "hr", "hour", "hours" -> Duration.ofHours(amount);
            case "d", "day", "days" -> Duration.ofDays(amount);
            default -> throw new IllegalArgumentException("'" + text + "' has an unknown unit; use ms, s, min, h or d");
        };
    }

    /** The shortest exact way to write {@code duration} in the units {@link #parse} reads. */
    public static String format(Duration duration) {
        long millis = duration.toMillis();
        if (millis != 0 && millis % 86_400_000 == 0) {
            return millis / 86_400_000 + " d";
        } else if (millis != 0 && millis % 3_600_000 == 0) {
            return millis / 3_600_000 + " h";
        } else if (millis != 0 && millis % 60_000 == 0) {
            return millis / 60_000 + " min";
        } else if (millis % 1000 == 0) {
            return millis / 1000 + " s";
        }
        return millis + " ms";
    }
}
