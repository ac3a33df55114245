package dev.conveyor.job;

import dev.conveyor.endpoint.FilePattern;
import dev.conveyor.endpoint.InputMapping;
import dev.conveyor.operation.Document;
import dev.conveyor.operation.Operation;
import dev.conveyor.operation.Parameter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Turns a staged job (a file, or a job folder) and the endpoint's input mappings into the
 * operation's inputs. Unmapped, the main input takes the dropped file, or the files of a dropped
 * job folder; a variable mapping is a file pattern matched against the job's file names.
 */
public final class InputResolver {

    private InputResolver() {
    }

    /** @throws IllegalArgumentException with a sentence for failure.log when the job does not fit the operation */
    public static Map<String, Object> resolve(Operation operation, Map<String, InputMapping> mappings, Path staged) throws IOException {
        List<Document> files = documentsOf(staged);
        Map<String, Object> inputs = new LinkedHashMap<>();
        for (Parameter parameter : operation.inputs()) {
            InputMapping mapping = mappings.get(parameter.name());
            if (mapping == null && parameter.name().equals(Operation.INPUT)) {
                inputs.put(parameter.name(), documents(parameter, files, "the dropped " + (Files.isDirectory(staged) ? "job folder" : "file")));
            } else if (mapping == null && parameter.defaultValue() != null) {
                inputs.put(parameter.name(), parameter.type().fromLiteral(parameter.defaultValue()));
            } else if (mapping == null) {
                if (parameter.required()) {
                    throw new IllegalArgumentException("input '" + parameter.name() + "' is not mapped");
                }
            } else if (mapping.kind() == InputMapping.Kind.LITERAL) {
                inputs.put(parameter.name(), parameter.type().fromLiteral(mapping.value()));
            } else {
                FilePattern pattern = FilePattern.of(mapping.value());
                List<Document> matching = files.stream().filter(d -> pattern.matches(Path.of(d.name()).getFileName().toString())).toList();
                inputs.put(parameter.name(), documents(parameter, matching, "the files matching '" + mapping.value() + "'"));
            }
        }
        return inputs;
    }

    private static Object documents(Parameter parameter, List<Document> documents, String what) {
        if (documents.isEmpty()) {
            throw new IllegalArgumentException("input '" + parameter.name() + "' found no document: " + what + " holds none");
        }
        return switch (parameter.type()) {
            case DOCUMENT -> {
                if (documents.size() > 1) {
                    throw new IllegalArgumentException("input '" + parameter.name() + "' takes one document but " + what + " holds "
                            + documents.size() + "; map it to a pattern that matches one file");
                }
                yield documents.get(0);
            }
            case DOCUMENT_LIST -> documents;
            case DOCUMENT_MAP -> {
                Map<String, Document> byName = new LinkedHashMap<>();
                documents.forEach(d -> byName.put(d.name(), d));
                yield byName;
            }
            default -> throw new IllegalArgumentException("input '" + parameter.name() + "' is a "
                    + parameter.type().signature() + ", not a document");
        };
    }

    /** The job's files (not links) in name order, named by their path inside the job folder. */
    private static List<Document> documentsOf(Path staged) throws IOException {
        if (!Files.isDirectory(staged)) {
            return List.of(Document.of(staged));
        }
        try (Stream<Path> walk = Files.walk(staged)) {
            // Never through a symbolic link: one in a dropped folder could point anywhere, outside the allowed roots.
            return walk.filter(file -> Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS))
                    .map(file -> new Document(staged.relativize(file).toString().replace('\\', '/'), file))
                    .sorted(Comparator.comparing(Document::name))
                    .toList();
        }
    }
}
