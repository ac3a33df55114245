package dev.conveyor.job;

/**
 * A short account of an exception for failure.log: each cause with its first frames, enough to
 * tell where it came from without pages of container frames.
 */
public final class StackSummary {

    static final int FRAMES_PER_CAUSE = 5;
    static final int MAX_CAUSES = 5;

    private StackSummary() {
    }

    public static String of(Throwable failure) {
        StringBuilder summary = new StringBuilder();
        Throwable current = failure;
        for (int depth = 0; current != null && depth < MAX_CAUSES; depth++, current = current.getCause()) {
            summary.append(depth == 0 ? "" : "caused by: ").append(current).append('\n');
            StackTraceElement[] frames = current.getStackTrace();
            for (int i = 0; i < Math.min(FRAMES_PER_CAUSE, frames.length); i++) {
                summary.append("    at ").append(frames[i]).append('\n');
            }
            if (frames.length > FRAMES_PER_CAUSE) {
                summary.append("    ... ").append(frames.length - FRAMES_PER_CAUSE).append(" more\n");
            }
        }
        return summary.toString();
    }
}
