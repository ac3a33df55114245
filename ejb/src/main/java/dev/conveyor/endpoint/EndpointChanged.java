package dev.conveyor.endpoint;

/** Fired when an endpoint is created, changed, paused, resumed or deleted; observers reread it. */
public record EndpointChanged(String name) {
}
