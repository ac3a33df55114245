package dev.conveyor.security;

import java.util.List;
import java.util.Locale;

/**
 * Which role a call of the API needs, from its method and path (below /api/). Reading needs
 * {@link Role#VIEWER}; running the service needs {@link Role#OPERATOR}: pausing and resuming an
 * endpoint, notifying and clearing a signal, retrying a job and releasing or cancelling a waiting
 * one, starting a batch job. Every other
 * change (and reading users and the audit trail) needs {@link Role#ADMIN}.
 */
public final class ApiAccess {

    /** Operators' writes, as path patterns where {@code *} is one segment. */
    private static final List<String> OPERATOR_WRITES = List.of(
            "endpoints/*/pause", "endpoints/*/resume", "signals/*", "jobs/*/retry", "jobs/*/release", "jobs/*/cancel",
            "batch/jobs/*");
    /** Reads only an admin may make: who the users are and what everyone did. */
    private static final List<String> ADMIN_READS = List.of("users", "users/*", "audit");

    private ApiAccess() {
    }

    public static Role needed(String method, String path) {
        List<String> segments = segments(path);
        String verb = method.toUpperCase(Locale.ROOT);
        boolean reading = verb.equals("GET") || verb.equals("HEAD") || verb.equals("OPTIONS");
        if (reading) {
            return ADMIN_READS.stream().anyMatch(pattern -> matches(pattern, segments)) ? Role.ADMIN : Role.VIEWER;
        }
        return OPERATOR_WRITES.stream().anyMatch(pattern -> matches(pattern, segments)) ? Role.OPERATOR : Role.ADMIN;
    }

    private static boolean matches(String pattern, List<String> segments) {
        String[] parts = pattern.split("/");
        if (parts.length != segments.size()) {
            return false;
        }
        for (int i = 0; i < parts.length; i++) {
            if (!parts[i].equals("*") && !parts[i].equals(segments.get(i))) {
                return false;
            }
        }
        return true;
    }

    private static List<String> segments(String path) {
        return List.of(path.split("/")).stream().filter(segment -> !segment.isEmpty()).toList();
    }
}
