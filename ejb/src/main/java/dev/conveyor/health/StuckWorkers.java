package dev.conveyor.health;

import java.time.Duration;
import java.time.Instant;
import java.util.Collection;

/**
 * Whether this node's workers are all stuck: as many jobs as there are workers have been
 * running longer than the limit. A node with a free or a moving worker still does work.
 */
public record StuckWorkers(int workers, Duration limit) {

    public long stuck(Collection<Instant> runningSince, Instant now) {
        Instant before = now.minus(limit);
        return runningSince.stream().filter(started -> started.isBefore(before)).count();
    }

    public boolean allStuck(Collection<Instant> runningSince, Instant now) {
        return stuck(runningSince, now) >= workers;
    }
}
