package dev.conveyor.operation;

import java.nio.file.Path;
import java.util.Map;

/** What an operation works on: the staged source, an empty folder for its results, its parameters. */
public record OperationInput(Path source, Path outputFolder, Map<String, String> parameters) {
}
