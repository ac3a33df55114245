package dev.conveyor.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A source nobody may write is refused (the manual's read-only files). Tests run as root, who may
 * write anything, so only the permission bits can tell; that is what the check reads.
 */
class ReadOnlyFilesTest {

    @TempDir
    Path folder;

    @ParameterizedTest(name = "{0}: read-only {1}")
    @CsvSource({
            "r--r--r--, true",
            "r--------, true",
            "r--r-----, true",
            "---------, true",
            "r-xr-xr-x, true",
            "rw-r--r--, false",
            "-w-------, false",
            "r---w----, false",
            "r------w-, false",
            "rw-rw-rw-, false",
    })
    void fileIsReadOnlyWhenNoWriteBitIsSet(String permissions, boolean readOnly) throws IOException {
        Path file = Files.writeString(folder.resolve("scan.pdf"), "x");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(permissions));

        assertEquals(readOnly, ReadOnlyFiles.isReadOnly(file));
    }

    @ParameterizedTest
    @ValueSource(strings = {"r-xr-xr-x", "rwxr-xr-x"})
    void jobFolderIsNeverReadOnly(String permissions) throws IOException {
        Path jobFolder = Files.createDirectory(folder.resolve("batch"));
        Files.writeString(jobFolder.resolve("a.xml"), "x");
        Files.setPosixFilePermissions(jobFolder, PosixFilePermissions.fromString(permissions));

        assertFalse(ReadOnlyFiles.isReadOnly(jobFolder));
    }
}
