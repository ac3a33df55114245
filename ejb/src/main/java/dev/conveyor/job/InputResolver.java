package dev.conveyor.job;

import dev.conveyor.common.BoundedRegex;
import dev.conveyor.endpoint.FilePattern;
import dev.conveyor.endpoint.InputMapping;
import dev.conveyor.operation.Document;
import dev.conveyor.operation.Operation;
import dev.conveyor.operation.Parameter;
import dev.conveyor.operation.ParameterType;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Turns a staged job (a file, or a job folder) and the endpoint's input mappings into the
 * operation's calls. Unmapped, the main input takes the dropped file, or the files of a dropped
 * job folder; a variable mapping is a file pattern matched against the job's file names, a
 * String parameter it maps gets the matching file's text (UTF-8), and a number or boolean
 * parameter that text read as a literal of its type. Usually a job is one call; when a variable
 * mapping on a parameter that takes one value (anything but a list or map of documents) matches
 * several files, the operation is called once per file, in name order, with the other inputs the
 * same.
 */
public final class InputResolver {

    private InputResolver() {
    }

    /**
     * One call of the operation.
     *
     * @param inputs   the operation's inputs by parameter name
     * @param fileName the file this call is for, when the job is one call per matching file; else null
     */
    public record Call(Map<String, Object> inputs, String fileName) {
    }

    /** @throws IllegalArgumentException with a sentence for failure.log when the job does not fit the operation */
    public static List<Call> calls(Operation operation, Map<String, InputMapping> mappings, Path staged) throws IOException {
        boolean jobFolder = isJobFolder(staged);
        List<Document> files = documentsOf(staged, jobFolder);
        Map<String, Object> inputs = new LinkedHashMap<>();
        Parameter perFile = null;
        List<Document> perFileMatches = List.of();
        for (Parameter parameter : operation.inputs()) {
            InputMapping mapping = mappings.get(parameter.name());
            if (mapping == null && parameter.name().equals(Operation.INPUT)) {
                inputs.put(parameter.name(), value(parameter, files, "the dropped " + (jobFolder ? "job folder" : "file")));
            } else if (mapping == null && parameter.defaultValue() != null) {
                inputs.put(parameter.name(), parameter.type().fromLiteral(parameter.defaultValue()));
            } else if (mapping == null) {
                if (parameter.required()) {
                    throw new IllegalArgumentException("input '" + parameter.name() + "' is not mapped");
                }
            } else if (mapping.kind() == InputMapping.Kind.LITERAL) {
                inputs.put(parameter.name(), parameter.type().fromLiteral(mapping.value()));
            } else {
                List<Document> matching = matching(files, FilePattern.of(mapping.value()), parameter);
                if (matching.size() > 1 && takesOne(parameter)) {
                    if (perFile != null) {
                        throw new IllegalArgumentException("inputs '" + perFile.name() + "' and '" + parameter.name() + "' each match "
                                + "several files; the operation is called once per file of one input only, so map the other to a "
                                + "pattern that matches one file");
                    }
                    perFile = parameter;
                    perFileMatches = matching;
                } else {
                    inputs.put(parameter.name(), value(parameter, matching, "the files matching '" + mapping.value() + "'"));
                }
            }
        }
        if (perFile == null) {
            return List.of(new Call(inputs, null));
        }
        List<Call> calls = new ArrayList<>();
        for (Document file : perFileMatches) {
            Map<String, Object> callInputs = new LinkedHashMap<>(inputs);
            callInputs.put(perFile.name(), value(perFile, List.of(file), "file '" + file.name() + "'"));
            calls.add(new Call(callInputs, file.name()));
        }
        return calls;
    }

    private static List<Document> matching(List<Document> files, FilePattern pattern, Parameter parameter) {
        try {
            return files.stream().filter(d -> pattern.matches(Path.of(d.name()).getFileName().toString())).toList();
        } catch (BoundedRegex.GaveUp e) {
            throw new IllegalArgumentException(e.message("input '" + parameter.name() + "' is not resolved, so the job fails"), e);
        }
    }

    private static boolean takesOne(Parameter parameter) {
        return parameter.type() != ParameterType.DOCUMENT_LIST && parameter.type() != ParameterType.DOCUMENT_MAP;
    }

    private static Object value(Parameter parameter, List<Document> documents, String what) throws IOException {
        if (documents.isEmpty()) {
            throw new IllegalArgumentException("input '" + parameter.name() + "' found no document: " + what + " holds none");
        }
        return switch (parameter.type()) {
            case DOCUMENT -> only(parameter, documents, what);
            case STRING -> text(parameter, only(parameter, documents, what));
            case DOCUMENT_LIST -> documents;
            case DOCUMENT_MAP -> {
                Map<String, Document> byName = new LinkedHashMap<>();
                documents.forEach(d -> byName.put(d.name(), d));
                yield byName;
            }
            case INT, LONG, DOUBLE, BOOLEAN -> written(parameter, only(parameter, documents, what));
        };
    }

    private static Document only(Parameter parameter, List<Document> documents, String what) {
        if (documents.size() > 1) {
            throw new IllegalArgumentException("input '" + parameter.name() + "' takes one document but " + what + " holds "
                    + documents.size() + "; map it to a pattern that matches one file");
        }
        return documents.get(0);
    }

    private static String text(Parameter parameter, Document document) throws IOException {
        try {
            try (InputStream in = document.openToRead()) {
                return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(in.readAllBytes())).toString();
            }
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException("input '" + parameter.name() + "' takes text but '" + document.name()
                    + "' is not UTF-8 text");
        }
    }

    /** The value a number or boolean parameter's file holds, read as a literal mapping's text would be. */
    private static Object written(Parameter parameter, Document document) throws IOException {
        String text = text(parameter, document);
        try {
            return parameter.type().fromLiteral(text);
        } catch (IllegalArgumentException e) {
            // Quoted only when short: the pattern may have matched a whole document by mistake.
            String held = text.strip().length() <= 40 ? "'" + text.strip() + "'" : text.length() + " characters";
            throw new IllegalArgumentException("input '" + parameter.name() + "' takes the " + parameter.type().signature()
                    + " written in '" + document.name() + "', but it holds " + held);
        }
    }

    /** The job's files (not links) in name order, named by their path inside the job folder. */
    private static List<Document> documentsOf(Path staged, boolean jobFolder) throws IOException {
        if (!jobFolder) {
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

    /**
     * True for a job folder, false for a regular file, from one look at the staged source. A scan
     * takes nothing else, so anything else in its place was put there after the claim by someone who
     * may write into the watched folder: a symbolic link would have the operation read its target,
     * outside the roots too, and a pipe would hold the worker until someone wrote into it. Nothing is
     * read from it.
     */
    private static boolean isJobFolder(Path staged) throws IOException {
        BasicFileAttributes look;
        try {
            look = Files.readAttributes(staged, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException gone) {
            throw new IllegalArgumentException("the staged source " + staged.getFileName() + " is gone from the stage folder");
        }
        if (look.isDirectory() || look.isRegularFile()) {
            return look.isDirectory();
        }
        throw new IllegalArgumentException("the staged source is " + (look.isSymbolicLink() ? "a symbolic link" : "not a regular file")
                + ", put in its place after the claim by someone who may write into the watched folder; it was not read");
    }
}
