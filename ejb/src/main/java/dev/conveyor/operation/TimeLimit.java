package dev.conveyor.operation;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs an operation on a thread of its own and waits for it at most a given time, so that an
 * operation that never ends (an exponential stylesheet, a decompression bomb) does not hold the
 * worker that runs jobs. Java cannot stop a thread: at the limit the operation's thread is
 * interrupted and left to end by itself, and what it still writes is ignored.
 */
public final class TimeLimit {

    private TimeLimit() {
    }

    /** Thrown when the operation ran past its limit. */
    public static final class Exceeded extends Exception {
        public Exceeded(Duration limit) {
            super("it ran longer than the endpoint's operationTimeLimit of " + limit.toSeconds()
                    + " s and was abandoned; its worker is free again");
        }
    }

    /** {@code work}'s result; {@code limit} zero or negative waits as long as it takes. */
    public static <T> T call(Callable<T> work, Duration limit, String threadName) throws Exception {
        if (limit.isZero() || limit.isNegative()) {
            return work.call();
        }
        FutureTask<T> task = new FutureTask<>(work);
        Thread thread = new Thread(task, threadName);
        thread.setDaemon(true);
        // Operations from var/operations are found through the caller's class loader.
        thread.setContextClassLoader(Thread.currentThread().getContextClassLoader());
        thread.start();
        try {
            return task.get(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException late) {
            task.cancel(true);
            throw new Exceeded(limit);
        } catch (ExecutionException failed) {
            if (failed.getCause() instanceof Exception cause) {
                throw cause;
            }
            throw failed;
        } catch (InterruptedException stopped) {
            task.cancel(true);
            Thread.currentThread().interrupt();
            throw stopped;
        }
    }
}
