package dev.conveyor.signal;

import java.time.Instant;

/**
 * The jobs of one endpoint waiting for one signal id, as the console lists them: how many, since
 * when the oldest waits, what releases them (the endpoint's target expression and counter; empty
 * counter: the total) and the signal's counts now ({@code signal} null while nothing was notified).
 */
public record WaitingGroup(String signalId, String endpoint, long jobs, Instant oldestSince, String targetSignalCount,
                           String signalCounterName, SignalView signal) {
}
