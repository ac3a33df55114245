package dev.conveyor.expression;

import java.lang.reflect.Method;
import java.util.List;
import java.util.Locale;

/**
 * The only functions an expression may call, on text: {@code fn:endsWith(file.name, '.pdf')}.
 * They stand in for the String methods expressions may not call; null reads as empty text.
 */
public final class ExpressionFunctions {

    static final String PREFIX = "fn";
    static final List<String> NAMES = List.of("length", "startsWith", "endsWith", "contains", "toLowerCase", "toUpperCase",
            "substring");

    private ExpressionFunctions() {
    }

    public static int length(String text) {
        return text == null ? 0 : text.length();
    }

    public static boolean startsWith(String text, String prefix) {
        return text != null && prefix != null && text.startsWith(prefix);
    }

    public static boolean endsWith(String text, String suffix) {
        return text != null && suffix != null && text.endsWith(suffix);
    }

    public static boolean contains(String text, String part) {
        return text != null && part != null && text.contains(part);
    }

    public static String toLowerCase(String text) {
        return text == null ? "" : text.toLowerCase(Locale.ROOT);
    }

    public static String toUpperCase(String text) {
        return text == null ? "" : text.toUpperCase(Locale.ROOT);
    }

    /** Characters {@code begin} (inclusive) to {@code end} (exclusive), both clamped to the text. */
    public static String substring(String text, int begin, int end) {
        String value = text == null ? "" : text;
        int from = Math.max(0, Math.min(begin, value.length()));
        return value.substring(from, Math.max(from, Math.min(end, value.length())));
    }

    /** The method behind {@code fn:name}, or null for any other prefix or name. */
    static Method resolve(String prefix, String name) {
        if (!PREFIX.equals(prefix) || !NAMES.contains(name)) {
            return null;
        }
        for (Method method : ExpressionFunctions.class.getMethods()) {
            if (method.getName().equals(name) && method.getDeclaringClass() == ExpressionFunctions.class) {
                return method;
            }
        }
        return null;
    }
}
