package dev.conveyor.endpoint;

import dev.conveyor.common.BoundedRegex;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The manual's file patterns: a ';'-separated list, any one of which may match. Each entry is a
 * wildcard pattern ({@code *.pdf}, {@code data.*}, {@code Data[0-9][0-9][0-9].[dD][aA]'port'},
 * with '...' for a literal part), or, when written {@code regex:...}, a Java regular expression.
 * Matching is on the whole file name, within a bound ({@link BoundedRegex}).
 */
public final class FilePattern {

    private final String source;
    private final List<Pattern> alternatives;

    private FilePattern(String source, List<Pattern> alternatives) {
        this.source = source;
        this.alternatives = alternatives;
    }

    /** Compiles a pattern list; an entry that cannot compile gets an exception saying which and why. */
    public static FilePattern of(String patterns) {
        List<Pattern> compiled = new ArrayList<>();
        for (String entry : patterns.split(";")) {
            String trimmed = entry.strip();
            if (!trimmed.isEmpty()) {
                compiled.add(compile(trimmed));
            }
        }
        if (compiled.isEmpty()) {
            throw new IllegalArgumentException("the pattern list is empty; use * to take every file");
        }
        return new FilePattern(patterns, List.copyOf(compiled));
    }

    /**
     * Whether any entry matches the whole name, each within {@link BoundedRegex}'s bound.
     *
     * @throws BoundedRegex.GaveUp when an entry backtracks past the bound on this name
     */
    public boolean matches(String fileName) {
        for (Pattern alternative : alternatives) {
            if (BoundedRegex.matches(alternative, fileName)) {
                return true;
            }
        }
        return false;
    }

    private static Pattern compile(String entry) {
        if (entry.startsWith("regex:")) {
            try {
                return Pattern.compile(entry.substring("regex:".length()));
            } catch (PatternSyntaxException e) {
                throw new IllegalArgumentException("'" + entry + "' is not a valid regular expression: " + e.getDescription());
            }
        }
        try {
            return Pattern.compile(wildcardToRegex(entry), Pattern.DOTALL);
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException("'" + entry + "' is not a valid file pattern: " + e.getDescription());
        }
    }

    private static String wildcardToRegex(String wildcard) {
        StringBuilder regex = new StringBuilder();
        int i = 0;
        while (i < wildcard.length()) {
            char c = wildcard.charAt(i);
            switch (c) {
                case '*' -> regex.append(".*");
                case '?' -> regex.append('.');
                case '\'' -> {
                    int end = wildcard.indexOf('\'', i + 1);
                    if (end < 0) {
                        throw new IllegalArgumentException("'" + wildcard + "' has an unclosed quote at position " + (i + 1));
                    }
                    regex.append(Pattern.quote(wildcard.substring(i + 1, end)));
                    i = end;
                }
                case '[' -> {
                    int first = i + 1;
                    if (first < wildcard.length() && (wildcard.charAt(first) == '!' || wildcard.charAt(first) == '^')) {
                        first++;
                    }
                    // A ']' right after '[' or '[!' belongs to the class, as in shell globs.
                    int end = wildcard.indexOf(']', first + 1);
                    if (end < 0) {
                        throw new IllegalArgumentException("'" + wildcard + "' has an unclosed [ at position " + (i + 1));
                    }
                    regex.append(characterClass(wildcard.substring(i + 1, end)));
                    i = end;
                }
                default -> regex.append(Pattern.quote(String.valueOf(c)));
            }
            i++;
        }
        return regex.toString();
    }

    private static String characterClass(String body) {
        StringBuilder out = new StringBuilder("[");
        int start = 0;
        if (body.startsWith("!") || body.startsWith("^")) {
            out.append('^');
            start = 1;
        }
        for (int i = start; i < body.length(); i++) {
            char c = body.charAt(i);
            if (c == '\\' || c == '[' || c == '&' || (c == '^' && i == start)) {
                out.append('\\');
            }
            out.append(c);
        }
        return out.append(']').toString();
    }

    @Override
    public String toString() {
        return source;
    }
}
