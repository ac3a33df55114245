package dev.conveyor.job;

import dev.conveyor.files.FileNames;
import dev.conveyor.endpoint.FolderTemplate;
import dev.conveyor.endpoint.OutputPattern;
import dev.conveyor.files.PathNames;
import dev.conveyor.operation.Document;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Lays an operation's outputs out in the job's stage output folder exactly as they will appear
 * in the result folder, following the output parameter mappings:
 * <ul>
 * <li>no mapping: a document under its own (made safe) name; several documents from a job
 *     folder go into a folder named after the job folder;</li>
 * <li>a mapping ending in '/': a folder the documents go into under their own names;</li>
 * <li>any other mapping: the name of a single document, or of a folder holding a list or map.</li>
 * </ul>
 * A map's keys are its documents' file names. What each output makes (a file, or a folder of
 * documents) is a unit: {@link #place} returns the units' paths, and the result writer moves each
 * unit as a whole, while the folders a mapping puts above a unit are shared with other jobs.
 */
public final class OutputPlacer {

    private OutputPlacer() {
    }

    /**
     * Returns the units, relative to {@code outFolder}, in the order the outputs came. A document
     * lying directly in {@code workFolder} (the call's own, where an operation makes its first
     * document) is placed by a hard link and keeps its name there too: the run's list is a
     * folder of links to its units, and that folder is the work folder itself
     * ({@link AttemptFolder#finish}), so removing the name here and linking it again there would
     * be two changes of the folder that undo each other. Any other document is moved.
     */
    public static List<Path> place(Map<String, Object> outputs, Map<String, String> mappings, Path staged,
                                   FolderTemplate.Values values, Path outFolder, Path workFolder) throws IOException {
        List<Path> units = new ArrayList<>();
        for (var output : outputs.entrySet()) {
            Object value = output.getValue();
            Map<String, Document> documents = byName(output.getKey(), value);
            String mapping = mappings.get(output.getKey());
            Path unitFolder;
            if (mapping == null) {
                // Asked last: most outputs are one document, and the look at the source is a system call a job.
                unitFolder = documents.size() > 1 && Files.isDirectory(staged) ? Path.of(SafeNames.of(staged.getFileName().toString())) : null;
            } else {
                OutputPattern pattern = OutputPattern.of(mapping);
                Path named = PathNames.below(outFolder, PathNames.inside(outFolder, pattern.expand(values).toString(),
                        "output mapping '" + mapping + "'"));
                if (!pattern.isFolder() && value instanceof Document document) {
                    units.add(move(document, outFolder, named, workFolder));
                    continue;
                }
                unitFolder = named;
            }
            if (unitFolder != null && !(mapping != null && OutputPattern.of(mapping).isFolder())) {
                Path folder = reserveFolder(outFolder, unitFolder);
                for (var document : documents.entrySet()) {
                    move(document.getValue(), folder, Path.of(SafeNames.ofRelative(document.getKey())), workFolder);
                }
                units.add(PathNames.below(outFolder, folder));
            } else {
                Path base = unitFolder == null ? outFolder : outFolder.resolve(unitFolder);
                for (var document : documents.entrySet()) {
                    units.add(PathNames.below(outFolder, base.resolve(move(document.getValue(), base, Path.of(SafeNames.ofRelative(document.getKey())), workFolder))));
                }
            }
        }
        return units;
    }

    private static Map<String, Document> byName(String output, Object value) {
        Map<String, Document> documents = new LinkedHashMap<>();
        if (value instanceof Document document) {
            documents.put(document.name(), document);
        } else if (value instanceof List<?> list) {
            for (Object item : list) {
                Document document = asDocument(output, item);
                documents.put(uniqueKey(documents, document.name()), document);
            }
        } else if (value instanceof Map<?, ?> map) {
            for (var entry : map.entrySet()) {
                documents.put(uniqueKey(documents, String.valueOf(entry.getKey())), asDocument(output, entry.getValue()));
            }
        } else {
            throw new IllegalArgumentException("output '" + output + "' is a " + (value == null ? "null" : value.getClass().getSimpleName())
                    + "; an operation returns a Document, a List of Documents or a Map of them");
        }
        return documents;
    }

    private static Document asDocument(String output, Object item) {
        if (item instanceof Document document) {
            return document;
        }
        throw new IllegalArgumentException("output '" + output + "' holds a " + (item == null ? "null" : item.getClass().getSimpleName())
                + " where a Document belongs");
    }

    private static String uniqueKey(Map<String, Document> taken, String name) {
        String key = name;
        for (int index = 1; taken.containsKey(key); index++) {
            key = FileNames.indexed(name, index);
        }
        return key;
    }

    /**
     * Moves a document to {@code base/relative} (indexed if two outputs want one name), keeping its
     * name as well when it lies directly in {@code workFolder}; returns where, relative to base.
     */
    private static Path move(Document document, Path base, Path relative, Path workFolder) throws IOException {
        Path target = base.resolve(relative);
        Path folder = target.getParent();
        String name = target.getFileName().toString();
        Path placed = workFolder.equals(document.path().getParent())
                ? ResultFiles.placeByLink(document.path(), folder, name).path()
                : ResultFiles.moveByLink(document.path(), folder, name);
        return PathNames.below(base, placed);
    }

    private static Path reserveFolder(Path outFolder, Path relative) throws IOException {
        Path target = outFolder.resolve(relative);
        return ResultFiles.createFreeFolder(target.getParent(), target.getFileName().toString());
    }
}
