package dev.conveyor.operation;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/** Zip archives for the archive operations' tests, written entry by entry, hostile names included. */
final class TestZips {

    private TestZips() {
    }

    /** Each entry's name and content; a name ending in / makes a folder entry and its content is ignored. */
    static Document write(Path file, Map<String, byte[]> entries) throws IOException {
        try (OutputStream out = Files.newOutputStream(file); ZipOutputStream zip = new ZipOutputStream(out)) {
            for (Map.Entry<String, byte[]> entry : entries.entrySet()) {
                zip.putNextEntry(new ZipEntry(entry.getKey()));
                if (!entry.getKey().endsWith("/")) {
                    zip.write(entry.getValue());
                }
                zip.closeEntry();
            }
        }
        return Document.of(file);
    }
}
