package dev.conveyor.operation;

/** One parameter of an operation, as the admin API shows it. */
public record OperationParameter(String name, String type, boolean required, String description) {
}
