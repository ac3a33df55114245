package dev.conveyor.job;

import java.nio.charset.StandardCharsets;

/**
 * Names an operation gives its outputs, made safe to use as file names anywhere: letters,
 * digits, '-', '_' and the dot before the extension stay; every other character becomes its
 * UTF-8 bytes in hex ({@code %20} for a space), as the manual asks.
 */
public final class SafeNames {

    private SafeNames() {
    }

    public static String of(String name) {
        int extensionDot = name.lastIndexOf('.');
        StringBuilder safe = new StringBuilder(name.length());
        for (int i = 0; i < name.length(); ) {
            int c = name.codePointAt(i);
            if (c < 128 && (Character.isLetterOrDigit(c) || c == '-' || c == '_') || (c == '.' && i == extensionDot && i > 0)) {
                safe.appendCodePoint(c);
            } else {
                for (byte b : new String(Character.toChars(c)).getBytes(StandardCharsets.UTF_8)) {
                    safe.append('%').append(String.format("%02X", b & 0xff));
                }
            }
            i += Character.charCount(c);
        }
        return safe.isEmpty() ? "output" : safe.toString();
    }

    /** A relative name such as {@code sub/a b.txt}: each segment made safe, the folders kept. */
    public static String ofRelative(String relative) {
        StringBuilder safe = new StringBuilder();
        for (String segment : relative.split("[/\\\\]")) {
            if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
                continue;
            }
            if (!safe.isEmpty()) {
                safe.append('/');
            }
            safe.append(of(segment));
        }
        return safe.isEmpty() ? "output" : safe.toString();
    }
}
