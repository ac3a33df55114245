package dev.conveyor.files;

import dev.conveyor.common.MessageId;

/** A name from a pattern or a source that would leave its folder or is no plain file name; nothing was written with it. */
public final class UnsafeNameException extends IllegalArgumentException {

    UnsafeNameException(String name, String what, String why) {
        super(MessageId.UNSAFE_NAME.format(printable(name), what, why));
    }

    /** The name with control characters shown as \\uXXXX, so the message itself stays one plain line. */
    private static String printable(String name) {
        StringBuilder shown = new StringBuilder(name.length());
        name.chars().forEach(c -> shown.append(Character.isISOControl(c) ? String.format("\\u%04x", c) : String.valueOf((char) c)));
        return shown.toString();
    }
}
