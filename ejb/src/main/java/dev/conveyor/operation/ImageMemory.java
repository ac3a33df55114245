package dev.conveyor.operation;

import dev.conveyor.common.Tunable;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * The heap the images being decoded at once may take on this node, shared by every worker: a decode
 * reserves the bytes its rasters will take before it starts and gives them back when its result is
 * written. One image within the pixel limit fits in the heap; several at once on different workers
 * would not (four 50-megapixel images are about 1.6 GB of rasters against a 1 GiB heap), so a decode
 * that finds the memory taken waits for it a while, and then fails its job with the reason rather
 * than the node running out of heap.
 */
public final class ImageMemory {

    private static final long KIB = 1024;
    private static final long MIB = KIB * KIB;

    private final Semaphore kibibytes;
    private final long budget;
    private final Duration patience;

    /** {@code budget} bytes in all; a reservation waits at most {@code patience} for its share. */
    ImageMemory(long budget, Duration patience) {
        this.budget = budget;
        this.patience = patience;
        // Fair: a large image waiting is not passed for good by a stream of small ones.
        this.kibibytes = new Semaphore(Math.toIntExact(budget / KIB), true);
    }

    /** This node's, sized by {@link Tunable#IMAGE_MEMORY}; made at its first use, so a test's operation need not read the configuration. */
    static ImageMemory ofNode() {
        return Node.MEMORY;
    }

    private static final class Node {
        static final ImageMemory MEMORY = new ImageMemory(Tunable.IMAGE_MEMORY.value() * MIB, Duration.ofSeconds(10));
    }

    /** Bytes taken until closed. */
    public final class Reservation implements AutoCloseable {
        private final int taken;

        private Reservation(int taken) {
            this.taken = taken;
        }

        @Override
        public void close() {
            kibibytes.release(taken);
        }
    }

    /**
     * Takes {@code bytes} for the image {@code name}, waiting for them at most the patience; refused
     * at once when the whole budget is smaller.
     */
    public Reservation reserve(String name, long bytes) throws IOException, InterruptedException {
        if (bytes > budget) {
            throw new IllegalArgumentException("'" + name + "' needs " + mebibytes(bytes) + " MiB of memory to convert, more than this "
                    + "node's image memory of " + mebibytes(budget) + " MiB (" + Tunable.IMAGE_MEMORY.name() + "); scale it down "
                    + "before dropping it, or raise " + Tunable.IMAGE_MEMORY.name() + " together with the heap");
        }
        int needed = Math.toIntExact((bytes + KIB - 1) / KIB);
        if (!kibibytes.tryAcquire(needed, patience.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new IOException("'" + name + "' needs " + mebibytes(bytes) + " MiB of memory to convert, and this node's image "
                    + "memory (" + Tunable.IMAGE_MEMORY.name() + ", " + mebibytes(budget) + " MiB) stayed taken by other images for "
                    + patience.toSeconds() + " s; the job is tried again while it has attempts left");
        }
        return new Reservation(needed);
    }

    private static long mebibytes(long bytes) {
        return (bytes + MIB - 1) / MIB;
    }
}
