package dev.conveyor.operation;

import dev.conveyor.endpoint.FileNames;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.pdfbox.io.IOUtils;
import org.apache.pdfbox.multipdf.Splitter;
import org.apache.pdfbox.pdmodel.PDDocument;

/** Cuts a PDF into one document per page. */
@ApplicationScoped
public class PdfSplitOperation implements Operation {

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
            Splitter splitter = new Splitter();
            splitter.setStreamCacheCreateFunction(Pdfs.TEMP_FILE_CACHE);
            List<PDDocument> pageDocuments = splitter.split(pdf);
            String numberFormat = "%0" + Integer.toString(pageDocuments.size()).length() + "d";
            try {
                for (int index = 0; index < pageDocuments.size(); index++) {
                    Document output = context.newDocument(base + "_page_" + String.format(numberFormat, index + 1) + ".pdf");
                    pageDocuments.get(index).save(output.path().toFile());
                    pages.add(output);
                }
            } finally {
                // Each page document buffers in its own temporary files, released only by closing it.
                pageDocuments.forEach(IOUtils::closeQuietly);
            }
        }
        return Map.of(OUTPUT, pages);
    }
}
