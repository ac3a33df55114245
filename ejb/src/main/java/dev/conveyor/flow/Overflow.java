package dev.conveyor.flow;

/** Why an endpoint's results cannot be stored now: where they should go, and what stands in the way. */
public record Overflow(String target, String reason) {
}
