package dev.conveyor.operation;

import dev.conveyor.files.PinnedFile;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;

/**
 * Unpacks a zip archive into one document per file, named by its path inside the archive. Archives
 * that would write outside their folder, or hold more entries than the limit, are refused; the bytes
 * an archive unpacks to are held to the endpoint's operationOutputLimit, as every operation's output
 * is ({@link OperationLimits}), counted on disk: the sizes an archive declares may lie.
 */
@ApplicationScoped
public class ArchiveUnzipOperation implements Operation {

    static final int MAX_ENTRIES = 10_000;

    private final int maxEntries;

    public ArchiveUnzipOperation() {
        this(MAX_ENTRIES);
    }

    /** A lower limit lets a test reach it with a few entries. */
    ArchiveUnzipOperation(int maxEntries) {
        this.maxEntries = maxEntries;
    }

    @Override
    public String name() {
        return "archive.unzip";
    }

    @Override
    public String description() {
        return "Unpacks a zip archive into its files, each named by its path inside the archive, e.g. sub/a.txt.";
    }

    @Override
    public List<Parameter> inputs() {
        return List.of(Parameter.required(INPUT, ParameterType.DOCUMENT, "the zip archive"));
    }

    @Override
    public List<Parameter> outputs() {
        return List.of(Parameter.output(OUTPUT, ParameterType.DOCUMENT_LIST, "one document per file in the archive; folders give none"));
    }

    @Override
    public Map<String, Object> run(OperationContext context) throws Exception {
        Document input = context.document(INPUT);
        List<Document> files = new ArrayList<>();
        try (ZipFile zip = open(input)) {
            if (zip.size() > maxEntries) {
                throw new IllegalArgumentException("'" + input.name() + "' holds " + zip.size() + " entries, more than the "
                        + maxEntries + " an archive may hold; split it into smaller archives");
            }
            for (ZipEntry entry : Collections.list(zip.entries())) {
                if (!ArchivePaths.isSafe(entry.getName())) {
                    throw new IllegalArgumentException("'" + input.name() + "' holds the entry '" + entry.getName()
                            + "', which would unpack outside its folder; the archive is refused as unsafe (zip slip)");
                }
                if (!entry.isDirectory()) {
                    Document file = context.newDocument(ArchivePaths.normalized(entry.getName()));
                    unpack(zip, entry, file);
                    files.add(file);
                }
            }
        }
        return Map.of(OUTPUT, files);
    }

    private static ZipFile open(Document input) throws IOException {
        try (PinnedFile pinned = input.pin()) {
            return new ZipFile(pinned.path().toFile());
        } catch (ZipException e) {
            throw new IllegalArgumentException("'" + input.name() + "' is not a readable zip archive (" + e.getMessage()
                    + "); check that the file is a complete .zip", e);
        }
    }

    /**
     * Copies one entry, stopping once the operation's thread is interrupted at its output or time limit: a bomb's
     * entry would otherwise go on unpacking into a file already removed, which still takes the disk.
     */
    private static void unpack(ZipFile zip, ZipEntry entry, Document file) throws IOException {
        byte[] buffer = new byte[64 * 1024];
        try (InputStream in = zip.getInputStream(entry); OutputStream out = file.openNew()) {
            for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
                if (Thread.currentThread().isInterrupted()) {
                    throw new InterruptedIOException("stopped while unpacking '" + entry.getName() + "'");
                }
                out.write(buffer, 0, read);
            }
        }
    }
}
