package dev.conveyor.security;

import dev.conveyor.common.ConveyorException;
import java.util.regex.Pattern;

/** What a user's name, role and password must be; each refusal names the field. */
public final class UserRules {

    public static final int MAX_NAME_LENGTH = 64;
    public static final int MIN_PASSWORD_LENGTH = 12;
    /** Long enough for any passphrase, short enough that hashing one costs no more than a usual one. */
    public static final int MAX_PASSWORD_LENGTH = 256;
    /** deploy/run's admin: its password comes from var/ or CONVEYOR_ADMIN_PASSWORD, never from the user table. */
    public static final String DEPLOY_ADMIN = "admin";

    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9._-]{0," + (MAX_NAME_LENGTH - 1) + "}");

    private UserRules() {
    }

    public static String name(String name) {
        if (!NAME.matcher(name).matches()) {
            throw ConveyorException.invalidField("name", "use 1 to " + MAX_NAME_LENGTH
                    + " lower-case letters, digits, '.', '_' or '-', starting with a letter or digit");
        }
        if (name.equals(DEPLOY_ADMIN)) {
            throw ConveyorException.invalidField("name", "'" + DEPLOY_ADMIN + "' is deploy/run's administrator; choose another name");
        }
        return name;
    }

    public static Role role(String role) {
        return Role.named(role).orElseThrow(() -> ConveyorException.invalidField("role", "must be admin, operator or viewer"));
    }

    public static String password(String password) {
        if (password.length() < MIN_PASSWORD_LENGTH || password.length() > MAX_PASSWORD_LENGTH) {
            throw ConveyorException.invalidField("password", "must have " + MIN_PASSWORD_LENGTH + " to " + MAX_PASSWORD_LENGTH
                    + " characters");
        }
        return password;
    }
}
