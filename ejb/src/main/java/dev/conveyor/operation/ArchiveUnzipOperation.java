package dev.conveyor.operation;

import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;

/**
 * Unpacks a zip archive into one document per file, named by its path inside the archive. Archives
 * that would write outside their folder, or unpack to more than the limits, are refused.
 */
@ApplicationScoped
public class ArchiveUnzipOperation implements Operation {

    /** The most an archive may unpack to, counted as it unpacks: the sizes it declares may lie. */
    static final long MAX_TOTAL_BYTES = 1L << 30;
    static final int MAX_ENTRIES = 10_000;

    private final long maxTotalBytes;
    private final int maxEntries;

    public ArchiveUnzipOperation() {
        this(MAX_TOTAL_BYTES, MAX_ENTRIES);
    }

    /** Lower limits let a test reach them without gigabytes. */
    ArchiveUnzipOperation(long maxTotalBytes, int maxEntries) {
        this.maxTotalBytes = maxTotalBytes;
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
            long unpacked = 0;
            for (ZipEntry entry : Collections.list(zip.entries())) {
                if (!ArchivePaths.isSafe(entry.getName())) {
                    throw new IllegalArgumentException("'" + input.name() + "' holds the entry '" + entry.getName()
                            + "', which would unpack outside its folder; the archive is refused as unsafe (zip slip)");
                }
                if (!entry.isDirectory()) {
                    Document file = context.newDocument(ArchivePaths.normalized(entry.getName()));
                    unpacked += unpack(zip, entry, file, maxTotalBytes - unpacked, input);
                    files.add(file);
                }
            }
        }
        return Map.of(OUTPUT, files);
    }

    private static ZipFile open(Document input) throws IOException {
        try {
            return new ZipFile(input.path().toFile());
        } catch (ZipException e) {
            throw new IllegalArgumentException("'" + input.name() + "' is not a readable zip archive (" + e.getMessage()
                    + "); check that the file is a complete .zip", e);
        }
    }

    /** Copies one entry, failing as soon as it passes {@code allowance} bytes rather than after filling the disk. */
    private long unpack(ZipFile zip, ZipEntry entry, Document file, long allowance, Document archive) throws IOException {
        byte[] buffer = new byte[64 * 1024];
        long written = 0;
        try (InputStream in = zip.getInputStream(entry); OutputStream out = Files.newOutputStream(file.path())) {
            for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
                written += read;
                if (written > allowance) {
                    throw new IllegalArgumentException("'" + archive.name() + "' unpacks to more than " + maxTotalBytes
                            + " bytes, the most an archive may unpack to; split it into smaller archives");
                }
                out.write(buffer, 0, read);
            }
        }
        return written;
    }
}
