package dev.conveyor.operation;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs an operation on a thread of its own and waits for it at most a given time, so that an
 * operation that never ends (an exponential stylesheet, a decompression bomb) does not hold the
 * worker that runs jobs. Java cannot stop a thread: at the limit the operation's thread is
 * interrupted and left to end by itself, and what it still writes is ignored.
 * <p>
 * The threads are kept and reused (a new one is made only when all are busy, an idle one ends
 * after a minute): starting a thread per operation cost more than a small copy itself. While it
 * runs an operation a thread carries the name the caller gives (the job's, in a thread dump) and
 * the caller's class loader.
 */
public final class TimeLimit {

    private static final String IDLE_NAME = "conveyor-operation-idle";

    private static final ExecutorService THREADS = Executors.newCachedThreadPool(work -> {
        Thread thread = new Thread(work, IDLE_NAME);
        thread.setDaemon(true);
        // Not the maker's loader: a kept thread would hold it after the application is undeployed.
        thread.setContextClassLoader(null);
        return thread;
    });

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
        // Operations from var/operations are found through the caller's class loader.
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        FutureTask<T> task = new FutureTask<>(() -> runAs(work, threadName, loader));
        THREADS.execute(task);
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

    private static <T> T runAs(Callable<T> work, String threadName, ClassLoader loader) throws Exception {
        Thread thread = Thread.currentThread();
        thread.setName(threadName);
        thread.setContextClassLoader(loader);
        try {
            return work.call();
        } finally {
            thread.setContextClassLoader(null);
            thread.setName(IDLE_NAME);
        }
    }
}
