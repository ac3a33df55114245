package dev.conveyor.operation;

import jakarta.enterprise.context.ApplicationScoped;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.pdfbox.io.IOUtils;
import org.apache.pdfbox.multipdf.PDFMergerUtility;
import org.apache.pdfbox.pdmodel.PDDocument;

/** Joins the PDFs of a job into one, in the order they are given. */
@ApplicationScoped
public class PdfMergeOperation implements Operation {

    static final String MERGED_NAME = "merged.pdf";

    @Override
    public String name() {
        return "pdf.merge";
    }

    @Override
    public String description() {
        return "Joins PDF documents into one, keeping their order and the order of their pages.";
    }

    @Override
    public List<Parameter> inputs() {
        return List.of(Parameter.required(INPUT, ParameterType.DOCUMENT_LIST, "the PDFs to join, in order"));
    }

    @Override
    public List<Parameter> outputs() {
        return List.of(Parameter.output(OUTPUT, ParameterType.DOCUMENT, "one PDF named " + MERGED_NAME + " with every page"));
    }

    @Override
    public Map<String, Object> run(OperationContext context) throws Exception {
        List<Document> inputs = context.documents(INPUT);
        if (inputs.isEmpty()) {
            throw new IllegalArgumentException("there are no PDFs to merge; check that the input mapping matches the job's files");
        }
        Document output = context.newDocument(MERGED_NAME);
        // Each source is loaded here rather than by mergeDocuments, so that a bad file is named in the error.
        // The sources stay open until the merged document is saved: its pages still refer to their content.
        List<PDDocument> sources = new ArrayList<>();
        try (PDDocument merged = new PDDocument(Pdfs.TEMP_FILE_CACHE)) {
            PDFMergerUtility merger = new PDFMergerUtility();
            for (Document input : inputs) {
                PDDocument source = Pdfs.load(input);
                sources.add(source);
                merger.appendDocument(merged, source);
            }
            try (OutputStream out = output.openNew()) {
                merged.save(out);
            }
        } finally {
            // Closing a source only releases it: by then the merged file is complete, or the job has failed anyway.
            sources.forEach(IOUtils::closeQuietly);
        }
        return Map.of(OUTPUT, output);
    }
}
