package dev.conveyor.job;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Where the numbering of a crowded name stands in a folder: the index after the last indexed name
 * given there ({@code scan_41.pdf} given, {@code scan_42.pdf} tried next). Without it, the 5,000th
 * result named {@code scan.pdf} tried every name from {@code scan.pdf} to {@code scan_4999.pdf}
 * first, each a failed system call and an exception: a job's cost grew with the folder, about
 * 60 ms a job at 2,500 same-named results (docs/benchmarks.md).
 * <p>
 * Only names given an index are kept, the most recently used {@value #KEPT} of them, in this
 * process only: a name not kept (or after a restart) is numbered from the first free index again,
 * once. Names are still taken by a call that fails on a taken one, so a number stale here, or
 * moved on by another node, costs a try, never an overwrite.
 */
final class NameIndexes {

    private static final int KEPT = 4096;

    private final Map<String, Integer> next = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Integer> eldest) {
            return size() > KEPT;
        }
    };

    /**
     * The index to try after {@code tried} for {@code name} in {@code folder}: after the plain name
     * (index 0), the one after the last given there, else 1; after any other, the next.
     */
    synchronized int after(Path folder, String name, boolean directory, int tried) {
        if (tried > 0) {
            return tried + 1;
        }
        Integer known = next.get(key(folder, name, directory));
        return known == null ? 1 : known;
    }

    /**
     * Records that {@code name} was given in {@code folder} with {@code index}: the next of its name
     * is tried after it. The plain name given again (its holder gone) starts the numbering over.
     */
    synchronized void given(Path folder, String name, boolean directory, int index) {
        if (index > 0) {
            next.put(key(folder, name, directory), index + 1);
        } else if (!next.isEmpty()) {
            // Asked of every name given, most never numbered: with none numbered, no key is made.
            next.remove(key(folder, name, directory));
        }
    }

    private static String key(Path folder, String name, boolean directory) {
        return (directory ? "folder " : "file ") + folder.resolve(name);
    }
}
