package dev.conveyor.priority;

import java.time.Duration;
import java.util.Map;

/** The settings a worker pool reads: whether priorities are on, the recent window, each JMS level's share. */
public record PoolView(boolean enabled, Duration recentWindow, Map<Integer, Integer> sharesByLevel) {
}
