package dev.conveyor.job;

import java.util.List;

/**
 * Fired in the re-bucketing transaction: queued jobs whose JMS priority changed, whose dispatch
 * the job dispatcher sends again at the new priority in that same transaction.
 */
public record Rebucketed(List<String> queuedJobIds) {
}
