package dev.conveyor.operation;

import java.util.Arrays;
import java.util.regex.Pattern;

/** Which names may stand for a file inside an archive: relative paths that stay inside the folder they unpack into. */
final class ArchivePaths {

    /** Zip tools on Windows sometimes separate with backslashes, and unpackers on Windows honour them. */
    private static final Pattern SEPARATOR = Pattern.compile("[/\\\\]");
    private static final Pattern DRIVE = Pattern.compile("[A-Za-z]:");

    private ArchivePaths() {
    }

    /**
     * False for an empty name, an absolute path or a drive letter, and any ".." segment: unpacked as
     * given, such a name writes outside the target folder (the "zip slip" attack).
     */
    static boolean isSafe(String name) {
        if (name.isEmpty() || SEPARATOR.matcher(name).lookingAt() || DRIVE.matcher(name).lookingAt()) {
            return false;
        }
        return Arrays.stream(SEPARATOR.split(name)).noneMatch(".."::equals);
    }

    /** The name with forward slashes only, as the zip format specifies. */
    static String normalized(String name) {
        return name.replace('\\', '/');
    }
}
