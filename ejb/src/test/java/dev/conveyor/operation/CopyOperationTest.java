package dev.conveyor.operation;

import static dev.conveyor.operation.Operation.INPUT;
import static dev.conveyor.operation.Operation.OUTPUT;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class CopyOperationTest {

    @TempDir
    Path folder;

    private final CopyOperation copy = new CopyOperation();

    private OperationContext context(Document input, long outputLimitBytes) throws IOException {
        return OperationContext.inNewFolder(Map.of(INPUT, input), Files.createDirectories(folder.resolve("work"))).limitedTo(outputLimitBytes);
    }

    @Test
    void copiesTheBytesWithTheirModificationTimeAndPermissions() throws Exception {
        byte[] content = new byte[300_000];
        new Random(11).nextBytes(content);
        Path input = Files.write(folder.resolve("scan.bin"), content);
        Files.setPosixFilePermissions(input, PosixFilePermissions.fromString("r--------"));
        FileTime written = FileTime.from(Instant.parse("2020-01-02T03:04:05Z"));
        Files.setLastModifiedTime(input, written);

        Document output = (Document) copy.run(context(Document.of(input), 1 << 20)).get(OUTPUT);

        assertEquals("scan.bin", output.name());
        assertArrayEquals(content, Files.readAllBytes(output.path()));
        assertEquals(written, Files.getLastModifiedTime(output.path(), LinkOption.NOFOLLOW_LINKS));
        // The owner, Conveyor's user, may always write its own copy.
        assertEquals(PosixFilePermissions.fromString("rw-------"), Files.getPosixFilePermissions(output.path()));
    }

    @Test
    void onlyTheBytesTheInputHeldWhenOpenedAreCopiedWhateverFollowsThem() throws Exception {
        // What a dropper holding the file open could append after the copy took its size.
        Path input = Files.write(folder.resolve("growing.bin"), "first part; appended later".getBytes(StandardCharsets.UTF_8));
        Path output = folder.resolve("copy.bin");

        try (FileChannel source = FileChannel.open(input); FileChannel target = FileChannel.open(output, StandardOpenOption.CREATE_NEW,
                StandardOpenOption.WRITE)) {
            CopyOperation.copyFirst("first part".length(), source, target);
        }

        assertEquals("first part", Files.readString(output));
    }

    @Test
    @Timeout(30)
    void anInputHoldingMoreThanTheOutputLimitIsRefusedBeforeAnythingIsWritten() throws Exception {
        Path input = folder.resolve("sparse.bin");
        try (RandomAccessFile file = new RandomAccessFile(input.toFile(), "rw")) {
            // A dropper's file can claim any size at no cost in disk: the copy must not write it out.
            file.setLength(64L << 20);
        }

        OperationLimits.Exceeded refused = assertThrows(OperationLimits.Exceeded.class,
                () -> copy.run(context(Document.of(input), 1 << 20)));

        assertTrue(refused.getMessage().startsWith("the input 'sparse.bin' holds 64 MiB and it writes as much"), refused.getMessage());
        try (Stream<Path> written = Files.list(folder.resolve("work"))) {
            assertEquals(List.of(), written.toList());
        }
    }
}
