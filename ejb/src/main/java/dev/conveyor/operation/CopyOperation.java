package dev.conveyor.operation;

import dev.conveyor.files.PinnedFile;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;

/** Copies the input unchanged: the simplest real operation, and a way to move files between folders. */
@ApplicationScoped
public class CopyOperation implements Operation {

    @Override
    public String name() {
        return "copy";
    }

    @Override
    public String description() {
        return "Writes the input document unchanged to the result folder.";
    }

    @Override
    public List<Parameter> inputs() {
        return List.of(Parameter.required(INPUT, ParameterType.DOCUMENT, "the document to copy"));
    }

    @Override
    public List<Parameter> outputs() {
        return List.of(Parameter.output(OUTPUT, ParameterType.DOCUMENT, "the same bytes, under the same name"));
    }

    /** A copy reads its input once and writes as many bytes. */
    @Override
    public boolean boundedByInputs() {
        return true;
    }

    @Override
    public Map<String, Object> run(OperationContext context) throws Exception {
        Document input = context.document(INPUT);
        Document output = context.newDocument(input.name());
        try (PinnedFile pinned = input.pin()) {
            Files.copy(pinned.path(), output.path(), StandardCopyOption.COPY_ATTRIBUTES);
        }
        return Map.of(OUTPUT, output);
    }
}
