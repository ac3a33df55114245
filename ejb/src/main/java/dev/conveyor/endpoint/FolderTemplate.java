package dev.conveyor.endpoint;

import dev.conveyor.files.FileNames;
import dev.conveyor.files.PathNames;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.Random;

/**
 * A result, preserve or failure folder with the manual's file patterns, e.g. {@code result/%Y/%M/%D/}:
 * %Y year, %y two-digit year, %M month, %D day of month, %d day of year, %H hour (24), %h hour (12),
 * %m minute, %s second, %l millisecond, %R a random digit, %P the job id, %J the job name
 * (the endpoint), %F the source's name without extension, %E the source's extension, %% a percent sign.
 * A name a placeholder brings in (%P %J %F %E) must be a plain name: one that is '.' or '..', or
 * holds a separator or a control character, is refused ({@link dev.conveyor.files.UnsafeNameException}),
 * so that a source named {@code ...txt} cannot lead a pattern out of its folder.
 */
public final class FolderTemplate {

    private static final String PLACEHOLDERS = "YyMDdHhmslRPJFE%";

    /** What a template is expanded with, for one job. */
    public record Values(ZonedDateTime time, String jobId, String jobName, String sourceName, Random random) {
    }

    private final String template;

    private FolderTemplate(String template) {
        this.template = template;
    }

    /** Parses a template, refusing a '%' that is not followed by a known placeholder. */
    public static FolderTemplate of(String template) {
        for (int i = 0; i < template.length(); i++) {
            if (template.charAt(i) != '%') {
                continue;
            }
            if (i + 1 >= template.length() || PLACEHOLDERS.indexOf(template.charAt(i + 1)) < 0) {
                String found = i + 1 < template.length() ? "%" + template.charAt(i + 1) : "a trailing %";
                throw new IllegalArgumentException(found + " is not a folder pattern; use one of %Y %y %M %D %d %H %h %m %s %l %R %P %J %F %E or %%");
            }
            i++;
        }
        return new FolderTemplate(template);
    }

    /** The folders before the first placeholder ({@code result} for {@code result/%Y/%M/}): the same for every job. */
    public Path fixedPart() {
        Path written = Path.of(template);
        Path fixed = written.isAbsolute() ? written.getRoot() : Path.of("");
        for (Path segment : written) {
            if (segment.toString().contains("%")) {
                break;
            }
            fixed = fixed.resolve(segment);
        }
        return fixed.normalize();
    }

    public String expand(Values values) {
        StringBuilder out = new StringBuilder(template.length() + 16);
        for (int i = 0; i < template.length(); i++) {
            char c = template.charAt(i);
            if (c != '%') {
                out.append(c);
                continue;
            }
            out.append(placeholder(template.charAt(++i), values));
        }
        return out.toString();
    }

    private static String placeholder(char p, Values v) {
        ZonedDateTime t = v.time();
        return switch (p) {
            case 'Y' -> padded(t.getYear(), 4);
            case 'y' -> padded(t.getYear() % 100, 2);
            case 'M' -> padded(t.getMonthValue(), 2);
            case 'D' -> padded(t.getDayOfMonth(), 2);
            case 'd' -> padded(t.getDayOfYear(), 3);
            case 'H' -> padded(t.getHour(), 2);
            case 'h' -> padded(t.getHour() % 12 == 0 ? 12 : t.getHour() % 12, 2);
            case 'm' -> padded(t.getMinute(), 2);
            case 's' -> padded(t.getSecond(), 2);
            case 'l' -> padded(t.getNano() / 1_000_000, 3);
            case 'R' -> Integer.toString(v.random().nextInt(10));
            case 'P' -> plain(v.jobId(), p);
            case 'J' -> plain(v.jobName(), p);
            case 'F' -> plain(FileNames.baseName(v.sourceName()), p);
            case 'E' -> plain(FileNames.extension(v.sourceName()), p);
            case '%' -> "%";
            default -> throw new IllegalStateException("unchecked placeholder %" + p);
        };
    }

    /** {@code value} with leading zeros to {@code width} digits: String.format parses its pattern on every call, and this runs for every job. */
    private static String padded(int value, int width) {
        String digits = Integer.toString(value);
        return digits.length() >= width ? digits : "0".repeat(width - digits.length()) + digits;
    }

    /** An empty value (a source without extension) is fine; any other must be one plain name. */
    private static String plain(String value, char placeholder) {
        return value.isEmpty() ? value : PathNames.requirePlain(value, "%" + placeholder + " in a folder pattern");
    }

    @Override
    public String toString() {
        return template;
    }
}
