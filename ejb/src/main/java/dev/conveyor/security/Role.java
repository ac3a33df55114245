package dev.conveyor.security;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * Who may do what through the API. Each role includes the rights of the ones below it:
 * {@code viewer} reads everything and changes nothing; {@code operator} also runs the service
 * (pauses and resumes endpoints, sends and clears signals, retries jobs, starts batch jobs);
 * {@code admin} also changes the configuration (endpoints, rules, settings) and manages users.
 */
public enum Role {
    VIEWER, OPERATOR, ADMIN;

    /** The role names as the container knows them, for annotations and deployment descriptors. */
    public static final String ADMIN_NAME = "admin";
    public static final String OPERATOR_NAME = "operator";
    public static final String VIEWER_NAME = "viewer";

    /** The name used in the API, the database and the container: {@code admin}, {@code operator}, {@code viewer}. */
    public String roleName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public boolean includes(Role other) {
        return compareTo(other) >= 0;
    }

    public static Optional<Role> named(String name) {
        return Arrays.stream(values()).filter(role -> role.roleName().equals(name)).findFirst();
    }
}
