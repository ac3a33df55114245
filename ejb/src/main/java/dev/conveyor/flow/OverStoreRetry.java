package dev.conveyor.flow;

import java.util.Optional;
import java.util.function.Supplier;

/**
 * The seed's sleepOnOverStore and sleepOnOverStoreRetryCount: while the results cannot be
 * stored, sleep and look again, at most {@code retryCount} times; then give up, and the caller
 * blocks the endpoint. 0 retries gives up at the first overflow.
 */
public final class OverStoreRetry {

    /** Sleeps between looks; a test passes one that only records. */
    public interface Sleeper {
        void sleep(long millis) throws InterruptedException;
    }

    /** Told before each sleep: the overflow seen, and which retry (1-based) follows the sleep. */
    public interface Warning {
        void sleeping(Overflow overflow, int retry);
    }

    private final long sleepMillis;
    private final int retryCount;
    private final Sleeper sleeper;

    public OverStoreRetry(long sleepMillis, int retryCount, Sleeper sleeper) {
        this.sleepMillis = sleepMillis;
        this.retryCount = retryCount;
        this.sleeper = sleeper;
    }

    /**
     * Empty when the results can be stored, at once or after some sleeps; otherwise the overflow
     * that remained after the last retry. An interrupted sleep gives up at once, so a server
     * stopping is not held back.
     */
    public Optional<Overflow> awaitRoom(Supplier<Optional<Overflow>> overflowNow, Warning warning) {
        Optional<Overflow> overflow = overflowNow.get();
        for (int retry = 1; overflow.isPresent() && retry <= retryCount; retry++) {
            warning.sleeping(overflow.get(), retry);
            try {
                sleeper.sleep(sleepMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return overflow;
            }
            overflow = overflowNow.get();
        }
        return overflow;
    }
}
