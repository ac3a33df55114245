package dev.conveyor.operation;

import dev.conveyor.files.PinnedFile;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Copies the input unchanged, with its modification and access times and its permissions (as far as the
 * process's umask allows; the copy is Conveyor's user's, who may always read and write it): the
 * simplest real operation, and a way to move files between folders.
 */
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

    /** A copy writes as many bytes as its input holds when it is opened, refused past the output limit before it writes. */
    @Override
    public boolean boundedByInputs() {
        return true;
    }

    @Override
    public Map<String, Object> run(OperationContext context) throws Exception {
        Document input = context.document(INPUT);
        try (PinnedFile pinned = input.pin(); FileChannel source = FileChannel.open(pinned.path())) {
            // Its size once opened is what is copied: its dropper may hold it open and make it grow while it is read.
            PosixFileAttributes attributes = Files.readAttributes(pinned.path(), PosixFileAttributes.class);
            long size = attributes.size();
            context.requireWithinOutputLimit("the input '" + input.name() + "'", size);
            Document output = context.newDocument(input.name());
            try (FileChannel target = FileChannel.open(output.path(), Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
                    PosixFilePermissions.asFileAttribute(ownersToo(attributes.permissions())))) {
                copyFirst(size, source, target);
            }
            // Both times given, the view sets them without looking at the file first.
            Files.getFileAttributeView(output.path(), BasicFileAttributeView.class)
                    .setTimes(attributes.lastModifiedTime(), attributes.lastAccessTime(), null);
            return Map.of(OUTPUT, output);
        }
    }

    /** The permissions with the owner's reading and writing added: Conveyor's user owns the copy and sets its times through it. */
    private static Set<PosixFilePermission> ownersToo(Set<PosixFilePermission> permissions) {
        Set<PosixFilePermission> withOwners = EnumSet.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
        withOwners.addAll(permissions);
        return withOwners;
    }

    /** Copies the first {@code size} bytes of {@code source} (fewer if it holds fewer now), whatever it holds past them. */
    static void copyFirst(long size, FileChannel source, FileChannel target) throws IOException {
        for (long copied = 0; copied < size; ) {
            long moved = source.transferTo(copied, size - copied, target);
            if (moved <= 0) {
                // Cut shorter meanwhile: what is left of it is copied.
                return;
            }
            copied += moved;
        }
    }
}
