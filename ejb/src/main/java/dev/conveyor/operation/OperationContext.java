package dev.conveyor.operation;

import dev.conveyor.files.FileTrees;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What an operation runs with: its inputs, already converted to their declared types, and a
 * private folder for the documents it produces.
 */
public final class OperationContext {

    private final Map<String, Object> inputs;
    private final Path workFolder;
    private int created;
    /** The name of the document lying in the work folder itself; null until one does. */
    private String inWorkFolder;

    /** Whether the work folder is known to be there and empty: the pipeline's own, made or checked for this call. */
    private final boolean workFolderNew;
    /** The most bytes the run may write; 0 for no limit. */
    private final long outputLimitBytes;
    /** What is left of it after the inputs already asked for ({@link #requireWithinOutputLimit}). */
    private long outputLeft;

    public OperationContext(Map<String, Object> inputs, Path workFolder) {
        this(inputs, workFolder, false, 0);
    }

    private OperationContext(Map<String, Object> inputs, Path workFolder, boolean workFolderNew, long outputLimitBytes) {
        this.inputs = Map.copyOf(inputs);
        this.workFolder = workFolder;
        this.workFolderNew = workFolderNew;
        this.outputLimitBytes = outputLimitBytes;
        this.outputLeft = outputLimitBytes;
    }

    /** This context, for a run that may write at most {@code bytes} (0: no limit), as {@link #requireWithinOutputLimit} tells. */
    public OperationContext limitedTo(long bytes) {
        return new OperationContext(inputs, workFolder, workFolderNew, bytes);
    }

    /**
     * Refuses, as the endpoint's operationOutputLimit does, to write {@code bytes} of {@code what}
     * when they are more than the run may still write, and counts them against it otherwise. An
     * operation {@link Operation#boundedByInputs bounded by its inputs} is not measured while it
     * runs: it asks this of each input's size as it opens it, and reads no more of it than that size.
     */
    public void requireWithinOutputLimit(String what, long bytes) throws OperationLimits.Exceeded {
        if (outputLimitBytes > 0) {
            if (bytes > outputLeft) {
                throw OperationLimits.Exceeded.beforeWriting(what, bytes, outputLeft, outputLimitBytes);
            }
            outputLeft -= bytes;
        }
    }

    /**
     * A context whose work folder is there and empty, made or checked for this call by the
     * caller: its first document goes into it without a look at the folder (a look and a listing,
     * six system calls on every job).
     */
    public static OperationContext inNewFolder(Map<String, Object> inputs, Path workFolder) {
        return new OperationContext(inputs, workFolder, true, 0);
    }

    public Document document(String name) {
        return (Document) require(name);
    }

    @SuppressWarnings("unchecked")
    public List<Document> documents(String name) {
        return (List<Document>) require(name);
    }

    @SuppressWarnings("unchecked")
    public Map<String, Document> documentMap(String name) {
        return (Map<String, Document>) require(name);
    }

    public String string(String name) {
        return (String) require(name);
    }

    public int intValue(String name) {
        return (Integer) require(name);
    }

    public long longValue(String name) {
        return (Long) require(name);
    }

    public double doubleValue(String name) {
        return (Double) require(name);
    }

    public boolean booleanValue(String name) {
        return (Boolean) require(name);
    }

    /** True when the input was mapped or has a default. */
    public boolean has(String name) {
        return inputs.containsKey(name);
    }

    /**
     * A new, empty place to write an output document named {@code fileName}, where no other
     * output is: the first lies in the work folder itself, each later one in a new numbered folder
     * of its own, so outputs never collide however they are named. Most operations make one
     * document: a folder for it as well was one more inode for the kernel to allocate and free per
     * job, and inode allocation took a fifth of the small-file pipeline's CPU (perf, see
     * docs/benchmarks.md). Refused once the
     * operation's thread is interrupted, as it is at a time or output limit ({@link OperationLimits}):
     * an abandoned operation makes no more documents.
     */
    public Document newDocument(String fileName) throws IOException {
        if (Thread.currentThread().isInterrupted()) {
            throw new InterruptedIOException("the operation's thread was interrupted (at one of its limits, or as the server stops); "
                    + "it makes no more documents");
        }
        String name = fileName.isBlank() ? "output" : Path.of(fileName).getFileName().toString();
        if (created++ == 0) {
            if (workFolderNew) {
                inWorkFolder = name;
                return new Document(fileName, workFolder.resolve(name));
            }
            // Usually made already, by the pipeline: a look costs less than a failed mkdir.
            if (!Files.isDirectory(workFolder)) {
                Files.createDirectories(workFolder);
            }
            if (FileTrees.isEmptyFolder(workFolder) || Files.notExists(workFolder.resolve(name), LinkOption.NOFOLLOW_LINKS)) {
                inWorkFolder = name;
                return new Document(fileName, workFolder.resolve(name));
            }
        }
        return new Document(fileName, newNumberedFolder().resolve(name));
    }

    /**
     * The next numbered folder that is free, and not the name of the document in the work folder
     * itself, which may carry a number for a name and not be written yet.
     */
    private Path newNumberedFolder() throws IOException {
        for (; ; created++) {
            String number = Integer.toString(created);
            if (!number.equals(inWorkFolder)) {
                try {
                    return Files.createDirectory(workFolder.resolve(number));
                } catch (FileAlreadyExistsException taken) {
                    // try the next number
                }
            }
        }
    }

    private Object require(String name) {
        Object value = inputs.get(name);
        if (value == null) {
            throw new IllegalArgumentException("input '" + name + "' was not given; map it in the endpoint's inputParameterMappings");
        }
        return value;
    }
}
