package dev.conveyor.endpoint;

/** Whether an endpoint's scanner takes new files. */
public enum EndpointState {
    /** Scanned at its interval. */
    ENABLED,
    /** Stopped by an administrator; files wait in the input folder. */
    PAUSED,
    /** Stopped by Conveyor because its output cannot be stored; files wait in the input folder. */
    BLOCKED
}
