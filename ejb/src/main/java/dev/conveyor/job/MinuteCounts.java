package dev.conveyor.job;

import java.time.Instant;

/** Jobs that ended in one minute (from {@code minute}): succeeded, and failed or expired. */
public record MinuteCounts(Instant minute, long succeeded, long failed) {
}
