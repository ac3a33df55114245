package dev.conveyor.operation;

import dev.conveyor.files.Confinement;
import dev.conveyor.files.FileTrees;
import dev.conveyor.files.OpenFolder;
import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * What one run of an operation may take, for every operation alike, built-in or installed: a time
 * (an endpoint's operationTimeLimit) and the bytes it writes into its work folder
 * (operationOutputLimit). Zero or less is no limit.
 * <p>
 * The operation runs on a thread of its own while the caller waits, looking at the work folder's
 * size now and then (all but those bounded by their inputs, {@link #runBoundedByInputs}), so that an operation that never ends (an exponential stylesheet) or writes
 * without end (a decompression bomb) does not hold the worker that runs jobs or fill the disk.
 * Java cannot stop a thread: at a limit the operation's thread is interrupted and left to end by
 * itself, and what it still writes is ignored. Between two looks an operation may write past the
 * limit for a moment; once it is over, what it wrote is removed. An operation that ends within its
 * time is measured once more, so no output over the limit is ever handed on. Writing to a file does
 * not heed an interrupt (here, Java 17's file streams write on): an operation must look at its
 * thread's interrupt itself, as the built-ins that write in a loop do, or it goes on writing into a
 * file already removed, whose room the disk gives back only when the file is closed.
 * <p>
 * The threads are kept and reused (a new one is made only when all are busy, an idle one ends
 * after a minute): starting a thread per operation cost more than a small copy itself. While it
 * runs an operation a thread carries the name the caller gives (the job's, in a thread dump) and
 * the caller's class loader.
 */
public record OperationLimits(Duration time, long outputBytes) {

    static final long MIB = 1L << 20;
    private static final String IDLE_NAME = "conveyor-operation-idle";
    /** The first look at the output; later ones wait longer when measuring takes long (many files), at most {@link #SLOWEST_LOOK}. */
    private static final Duration FIRST_LOOK = Duration.ofMillis(100);
    private static final Duration SLOWEST_LOOK = Duration.ofSeconds(2);

    private static final ExecutorService THREADS = Executors.newCachedThreadPool(work -> {
        Thread thread = new Thread(work, IDLE_NAME);
        thread.setDaemon(true);
        // Not the maker's loader: a kept thread would hold it after the application is undeployed.
        thread.setContextClassLoader(null);
        return thread;
    });

    /** An endpoint's limits as its settings give them: seconds and MiB. */
    public static OperationLimits of(int seconds, int outputMebibytes) {
        return new OperationLimits(Duration.ofSeconds(seconds), outputMebibytes * MIB);
    }

    /** Thrown when the operation went past one of its limits; the job fails with its message, and is not tried again. */
    public static final class Exceeded extends Exception {
        private Exceeded(String message) {
            super(message);
        }

        /** An input of an operation bounded by its inputs that holds more than the run may write. */
        static Exceeded beforeWriting(String what, long bytes, long left, long outputLimitBytes) {
            return new Exceeded(what + " holds " + size(bytes) + " and it writes as much, more than the endpoint's operationOutputLimit of "
                    + size(outputLimitBytes) + (left < outputLimitBytes ? " leaves after the inputs before it (" + size(left) + ")" : "")
                    + "; nothing of it was written. Raise operationOutputLimit if such inputs are expected");
        }
    }

    /**
     * {@code work}'s result, {@code output} being the folder it writes its documents into, which
     * {@code confinement} checks before what the operation wrote is removed.
     */
    public <T> T run(Callable<T> work, Path output, Confinement confinement, String threadName) throws Exception {
        boolean timed = timed();
        if (!timed && outputBytes <= 0) {
            return work.call();
        }
        // Operations from var/operations are found through the caller's class loader.
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        FutureTask<T> task = new FutureTask<>(() -> runAs(work, threadName, loader));
        THREADS.execute(task);
        long deadline = System.nanoTime() + (timed ? time.toNanos() : 0);
        Duration look = FIRST_LOOK;
        try {
            while (true) {
                long wait = timed ? Math.min(look.toNanos(), deadline - System.nanoTime()) : look.toNanos();
                try {
                    T result = task.get(Math.max(wait, 0), TimeUnit.NANOSECONDS);
                    stopAtOutputLimit(task, output, confinement);
                    return result;
                } catch (TimeoutException notYet) {
                    if (timed && System.nanoTime() - deadline >= 0) {
                        task.cancel(true);
                        throw new Exceeded("it ran longer than the endpoint's operationTimeLimit of " + time.toSeconds()
                                + " s and was abandoned; its worker is free again");
                    }
                    long measuring = System.nanoTime();
                    stopAtOutputLimit(task, output, confinement);
                    look = nextLook(Duration.ofNanos(System.nanoTime() - measuring));
                }
            }
        } catch (ExecutionException failed) {
            if (failed.getCause() instanceof Exception cause) {
                throw cause;
            }
            throw failed;
        } catch (InterruptedException stopped) {
            task.cancel(true);
            Thread.currentThread().interrupt();
            throw stopped;
        } catch (IOException unmeasurable) {
            // The work folder could not be read: an operation that cannot be watched is not left running.
            task.cancel(true);
            throw unmeasurable;
        }
    }

    /**
     * {@code work}'s result, {@code work} running an operation {@link Operation#boundedByInputs bounded by its inputs}
     * on the caller's thread: it can neither run nor write without end, so there is nothing to stop
     * and no thread to leave behind. It holds itself to the output limit as it opens its inputs
     * ({@link OperationContext#requireWithinOutputLimit}); the time limit is judged when it ends: a
     * run that took longer fails as one stopped at the limit would, and what it wrote is not handed on.
     */
    public <T> T runBoundedByInputs(Callable<T> work) throws Exception {
        long started = System.nanoTime();
        T result = work.call();
        if (timed() && System.nanoTime() - started > time.toNanos()) {
            throw new Exceeded("it ran longer than the endpoint's operationTimeLimit of " + time.toSeconds() + " s; what it wrote is not used");
        }
        return result;
    }

    /** Stops the operation and removes what it wrote when it wrote more than the limit. */
    private void stopAtOutputLimit(FutureTask<?> task, Path output, Confinement confinement) throws IOException, Exceeded {
        if (outputBytes > 0 && FileTrees.bytes(output) > outputBytes) {
            task.cancel(true);
            removeContents(confinement.check(output));
            throw new Exceeded("it wrote more than the endpoint's operationOutputLimit of " + size(outputBytes)
                    + " and was stopped; what it wrote was removed, and its worker is free again. Raise operationOutputLimit "
                    + "if such output is expected");
        }
    }

    /**
     * True when an operation bounded by its inputs may run on the caller's thread under these limits:
     * with a time limit, only where an output limit bounds its inputs too (without one, a sparse input
     * of any size would be copied whole before the time limit is judged).
     */
    public boolean letBoundedRunsStay() {
        return outputBytes > 0 || !timed();
    }

    private boolean timed() {
        return !time.isZero() && !time.isNegative();
    }

    /** Twenty times as long as measuring took, so that looking costs at most a twentieth of a CPU. */
    private static Duration nextLook(Duration measuring) {
        Duration next = measuring.multipliedBy(20);
        return next.compareTo(FIRST_LOOK) < 0 ? FIRST_LOOK : next.compareTo(SLOWEST_LOOK) > 0 ? SLOWEST_LOOK : next;
    }

    /**
     * Everything below {@code folder}, links deleted as links; a folder the abandoned thread writes
     * into meanwhile is left. The folder, checked by the caller, is opened once and emptied relative
     * to it: by path, a link swapped in for the attempt folder while the operation ran would have had
     * the removal reach wherever it points.
     */
    private static void removeContents(Path folder) throws IOException {
        try (OpenFolder opened = OpenFolder.open(folder)) {
            for (String entry : opened.names()) {
                try {
                    opened.deleteEntry(entry);
                } catch (DirectoryNotEmptyException stillWritten) {
                    // It made a file there after the walk passed; the job's stage folder goes with the job.
                }
            }
        }
    }

    private static String size(long bytes) {
        return bytes % MIB == 0 ? bytes / MIB + " MiB" : bytes + " bytes";
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
