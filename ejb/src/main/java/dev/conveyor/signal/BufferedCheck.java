package dev.conveyor.signal;

import dev.conveyor.endpoint.WaitSpec;
import java.time.Clock;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.ToIntFunction;

/**
 * The sweep's look at an endpoint's waiting jobs: up to waitBufferCount of the oldest, leaving out
 * signal ids still serving a penalty, each id asked once; an id that releases nothing is kept out
 * for waitPenaltyDuration. Notifies never pass through here: they release at once whatever the
 * buffer and the penalties say.
 */
final class BufferedCheck {

    /** The signal ids of an endpoint's oldest waiting jobs, one per job, oldest first. */
    @FunctionalInterface
    interface OldestWaiting {
        List<String> signalIds(Set<String> except, int limit);
    }

    private final PenaltyBox penalties;

    BufferedCheck(Clock clock) {
        this.penalties = new PenaltyBox(clock);
    }

    /** Checks the ids the buffer holds now with {@code releaseNow} (jobs released); returns them in the order checked. */
    List<String> pass(WaitSpec wait, OldestWaiting oldest, ToIntFunction<String> releaseNow) {
        Set<String> checked = new LinkedHashSet<>(oldest.signalIds(penalties.penalized(), wait.bufferCount()));
        for (String signalId : checked) {
            if (releaseNow.applyAsInt(signalId) == 0) {
                penalties.penalize(signalId, wait.penalty());
            }
        }
        return List.copyOf(checked);
    }
}
