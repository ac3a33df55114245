package dev.conveyor.operation;

import dev.conveyor.files.PinnedFile;
import dev.conveyor.files.FileNames;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.file.Files;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/** Packs documents into one zip archive. */
@ApplicationScoped
public class ArchiveZipOperation implements Operation {

    static final String ARCHIVE_NAME = "archive.zip";

    @Override
    public String name() {
        return "archive.zip";
    }

    @Override
    public String description() {
        return "Packs documents into a zip archive, each under its name; equal names are numbered name_1, name_2...";
    }

    @Override
    public List<Parameter> inputs() {
        return List.of(Parameter.required(INPUT, ParameterType.DOCUMENT_LIST, "the documents to pack"));
    }

    @Override
    public List<Parameter> outputs() {
        return List.of(Parameter.output(OUTPUT, ParameterType.DOCUMENT, "the zip archive, named " + ARCHIVE_NAME));
    }

    @Override
    public Map<String, Object> run(OperationContext context) throws Exception {
        List<Document> inputs = context.documents(INPUT);
        Document output = context.newDocument(ARCHIVE_NAME);
        Set<String> taken = new HashSet<>();
        try (ZipOutputStream zip = new ZipOutputStream(output.openNew())) {
            for (Document input : inputs) {
                ZipEntry entry = new ZipEntry(freeName(entryName(input), taken));
                try (PinnedFile pinned = input.pin()) {
                    entry.setLastModifiedTime(Files.getLastModifiedTime(pinned.path()));
                    zip.putNextEntry(entry);
                    Files.copy(pinned.path(), zip);
                }
                zip.closeEntry();
            }
        }
        return Map.of(OUTPUT, output);
    }

    /** A document unpacked earlier keeps its folder inside the archive, so a zip-unzip-zip round trip keeps the layout. */
    private static String entryName(Document input) {
        if (!ArchivePaths.isSafe(input.name())) {
            throw new IllegalArgumentException("'" + input.name() + "' cannot be a name in an archive: an unpacker would write it "
                    + "outside its folder; rename the document to a plain relative name");
        }
        return ArchivePaths.normalized(input.name());
    }

    private static String freeName(String name, Set<String> taken) {
        int index = 0;
        while (!taken.add(indexed(name, index))) {
            index++;
        }
        return indexed(name, index);
    }

    /** Numbers the file part only: in sub.d/README the dot starts no extension. */
    private static String indexed(String path, int index) {
        int fileStart = path.lastIndexOf('/') + 1;
        return path.substring(0, fileStart) + FileNames.indexed(path.substring(fileStart), index);
    }
}
