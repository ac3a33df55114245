package dev.conveyor.operation;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Files;
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

    public OperationContext(Map<String, Object> inputs, Path workFolder) {
        this.inputs = Map.copyOf(inputs);
        this.workFolder = workFolder;
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
     * A new, empty place to write an output document named {@code fileName}. Each call gets a
     * folder of its own, so outputs never collide however they are named. Refused once the
     * operation's thread is interrupted, as it is at a time or output limit ({@link OperationLimits}):
     * an abandoned operation makes no more documents.
     */
    public Document newDocument(String fileName) throws IOException {
        if (Thread.currentThread().isInterrupted()) {
            throw new InterruptedIOException("the operation was stopped at one of its limits; it makes no more documents");
        }
        Path folder = Files.createDirectories(workFolder.resolve(Integer.toString(++created)));
        return new Document(fileName, folder.resolve(fileName.isBlank() ? "output" : Path.of(fileName).getFileName().toString()));
    }

    private Object require(String name) {
        Object value = inputs.get(name);
        if (value == null) {
            throw new IllegalArgumentException("input '" + name + "' was not given; map it in the endpoint's inputParameterMappings");
        }
        return value;
    }
}
