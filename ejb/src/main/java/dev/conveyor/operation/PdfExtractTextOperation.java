package dev.conveyor.operation;

import dev.conveyor.files.FileNames;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;

/** Writes out the text a PDF carries; scanned pages without a text layer give nothing. */
@ApplicationScoped
public class PdfExtractTextOperation implements Operation {

    @Override
    public String name() {
        return "pdf.extractText";
    }

    @Override
    public String description() {
        return "Extracts the text of a PDF into a UTF-8 text file named <name>.txt.";
    }

    @Override
    public List<Parameter> inputs() {
        return List.of(Parameter.required(INPUT, ParameterType.DOCUMENT, "the PDF to read"));
    }

    @Override
    public List<Parameter> outputs() {
        return List.of(Parameter.output(OUTPUT, ParameterType.DOCUMENT, "the text, UTF-8, page after page"));
    }

    @Override
    public Map<String, Object> run(OperationContext context) throws Exception {
        Document input = context.document(INPUT);
        Document output = context.newDocument(FileNames.baseName(input.name()) + ".txt");
        try (PDDocument pdf = Pdfs.load(input);
             Writer writer = Files.newBufferedWriter(output.path(), StandardCharsets.UTF_8)) {
            new PDFTextStripper().writeText(pdf, writer);
        }
        return Map.of(OUTPUT, output);
    }
}
