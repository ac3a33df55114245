package dev.conveyor.operation;

import dev.conveyor.files.PinnedFile;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.io.MemoryUsageSetting;
import org.apache.pdfbox.io.RandomAccessStreamCache.StreamCacheCreateFunction;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.encryption.InvalidPasswordException;

/** Opening PDFs the same way in every PDF operation, with errors that name the file. */
final class Pdfs {

    /** Buffers in temporary files, not the heap: a job folder of scans can be far larger than memory. */
    static final StreamCacheCreateFunction TEMP_FILE_CACHE = MemoryUsageSetting.setupTempFileOnly().streamCache;

    /** The PDF specification lets readers find the header anywhere in the first 1024 bytes. */
    private static final int HEADER_WINDOW = 1024;
    private static final String HEADER = "%PDF-";

    private Pdfs() {
    }

    /** Loads a PDF, refusing a file that is not one before PDFBox gives a less readable reason. */
    static PDDocument load(Document document) throws IOException {
        if (!hasPdfHeader(document)) {
            throw new IllegalArgumentException("'" + document.name() + "' is not a PDF (it has no %PDF- header); "
                    + "remove it from the job or convert it to PDF first");
        }
        try {
            try (PinnedFile pinned = document.pin()) {
                return Loader.loadPDF(pinned.path().toFile(), TEMP_FILE_CACHE);
            }
        } catch (InvalidPasswordException e) {
            throw new IllegalArgumentException("'" + document.name() + "' is protected by a password; "
                    + "drop a copy without the protection", e);
        } catch (IOException e) {
            throw new IllegalArgumentException("'" + document.name() + "' could not be read as a PDF (" + e.getMessage()
                    + "); check that the file is complete and not damaged", e);
        }
    }

    private static boolean hasPdfHeader(Document document) throws IOException {
        try (InputStream in = document.openToRead()) {
            String start = new String(in.readNBytes(HEADER_WINDOW), StandardCharsets.ISO_8859_1);
            return start.contains(HEADER);
        }
    }
}
