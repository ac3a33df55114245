package dev.conveyor.priority;

import dev.conveyor.job.WorkerTurns;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Random;

/**
 * This node's share of turns between buckets ({@link WorkerShares}), fed with the stored rules.
 * The rules are read at most once a second: a worker turn must not cost a database query, and a
 * share changed a second late does no harm (a job's bucket is never late: it is decided at its claim).
 */
@ApplicationScoped
public class WorkerPool implements WorkerTurns {

    private static final Duration REREAD = Duration.ofSeconds(1);

    @Inject
    PriorityRules rules;

    private final WorkerShares shares = new WorkerShares(Clock.systemUTC(), new Random());
    private volatile PoolView view;
    private volatile Instant readAt = Instant.MIN;

    /** How many jobs of each lower JMS priority a worker handed a job at {@code deliveredLevel} takes as well, lowest first. */
    @Override
    public Map<Integer, Integer> lentTurns(int deliveredLevel) {
        PoolView current = current();
        return current.enabled()
                ? shares.lentTurns(deliveredLevel, current.sharesByLevel(), current.recentWindow())
                : Map.of();
    }

    @Override
    public void foundEmpty(int level) {
        shares.foundEmpty(level);
    }

    private PoolView current() {
        Instant now = Instant.now();
        if (view == null || readAt.isBefore(now.minus(REREAD))) {
            view = rules.poolView();
            readAt = now;
        }
        return view;
    }
}
