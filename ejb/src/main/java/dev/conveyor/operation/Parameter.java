package dev.conveyor.operation;

/**
 * One input or output of an operation. {@code defaultValue} is the literal used when an input is
 * not mapped (null: none); inputs without a default and not mapped must be {@code required = false}.
 */
public record Parameter(String name, ParameterType type, boolean required, String defaultValue, String description) {

    public static Parameter required(String name, ParameterType type, String description) {
        return new Parameter(name, type, true, null, description);
    }

    public static Parameter optional(String name, ParameterType type, String defaultValue, String description) {
        return new Parameter(name, type, false, defaultValue, description);
    }

    public static Parameter output(String name, ParameterType type, String description) {
        return new Parameter(name, type, true, null, description);
    }
}
