package dev.conveyor.operation;

import jakarta.enterprise.context.ApplicationScoped;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.util.List;

/** Copies the source unchanged: the simplest real operation, and a way to move files between folders. */
@ApplicationScoped
public class CopyOperation implements Operation {

    @Override
    public String name() {
        return "copy";
    }

    @Override
    public String description() {
        return "Writes the source file unchanged to the result folder.";
    }

    @Override
    public List<OperationParameter> parameters() {
        return List.of();
    }

    @Override
    public void run(OperationInput input) throws Exception {
        Files.copy(input.source(), input.outputFolder().resolve(input.source().getFileName()),
                StandardCopyOption.COPY_ATTRIBUTES);
    }
}
