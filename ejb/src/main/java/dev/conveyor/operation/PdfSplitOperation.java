package dev.conveyor.operation;

import dev.conveyor.files.FileNames;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.pdfbox.io.IOUtils;
import org.apache.pdfbox.multipdf.Splitter;
import org.apache.pdfbox.pdmodel.PDDocument;

/** Cuts a PDF into one document per page. */
@ApplicationScoped
public class PdfSplitOperation implements Operation {

    static final int MAX_PAGES = 10_000;

    private final int maxPages;

    public PdfSplitOperation() {
        this(MAX_PAGES);
    }

    /** A lower limit lets a test reach it without a huge PDF. */
    PdfSplitOperation(int maxPages) {
        this.maxPages = maxPages;
    }

    @Override
    public String name() {
        return "pdf.split";
    }

    @Override
    public String description() {
        return "Splits a PDF into one PDF per page, named <name>_page_<n>.pdf.";
    }

    @Override
    public List<Parameter> inputs() {
        return List.of(Parameter.required(INPUT, ParameterType.DOCUMENT, "the PDF to split"));
    }

    @Override
    public List<Parameter> outputs() {
        return List.of(Parameter.output(OUTPUT, ParameterType.DOCUMENT_LIST,
                "one PDF per page; page numbers are zero-padded so that the names sort in page order"));
    }

    @Override
    public Map<String, Object> run(OperationContext context) throws Exception {
        Document input = context.document(INPUT);
        String base = FileNames.baseName(input.name());
        List<Document> pages = new ArrayList<>();
        try (PDDocument pdf = Pdfs.load(input)) {
            int pageCount = pdf.getNumberOfPages();
            if (pageCount > maxPages) {
                throw new IllegalArgumentException("'" + input.name() + "' has " + pageCount + " pages, more than the " + maxPages
                        + " this operation splits; split it into smaller PDFs first");
            }
            String numberFormat = "%0" + Integer.toString(pageCount).length() + "d";
            // One page at a time: each page document buffers in temporary files until it is closed, so
            // holding them all would hold the whole PDF again.
            for (int page = 1; page <= pageCount; page++) {
                Splitter splitter = new Splitter();
                splitter.setStreamCacheCreateFunction(Pdfs.TEMP_FILE_CACHE);
                splitter.setStartPage(page);
                splitter.setEndPage(page);
                List<PDDocument> pageDocuments = splitter.split(pdf);
                try {
                    Document output = context.newDocument(base + "_page_" + String.format(numberFormat, page) + ".pdf");
                    try (OutputStream out = output.openNew()) {
                        pageDocuments.get(0).save(out);
                    }
                    pages.add(output);
                } finally {
                    pageDocuments.forEach(IOUtils::closeQuietly);
                }
            }
        }
        return Map.of(OUTPUT, pages);
    }
}
