package dev.conveyor.endpoint;

/** An endpoint was resumed; the jobs whose results waited while it was blocked can be written now. */
public record EndpointResumed(String name) {
}
