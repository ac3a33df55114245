package dev.conveyor.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.common.MessageId;
import dev.conveyor.files.Confinement;
import dev.conveyor.files.UnsafeFolderException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EndLogTest {

    private static final String LOG = "failure/2026/12/01/report.txt/failure.log";
    private static final String SECRET = "the secret outside the roots";

    @TempDir
    Path root;

    @TempDir
    Path outside;

    private Path watched;
    private Path secret;
    private Confinement confinement;

    @BeforeEach
    void folders() throws IOException {
        watched = Files.createDirectories(root.resolve("in"));
        secret = Files.writeString(outside.resolve("secret.txt"), SECRET);
        confinement = new Confinement(List.of(root));
    }

    private Path log() throws IOException {
        return Files.createDirectories(watched.resolve(LOG).getParent()).resolve("failure.log");
    }

    private Optional<String> read() throws IOException {
        return EndLog.read(confinement, watched, List.of(LOG, "failure/2026/12/01/report.txt/report.txt"));
    }

    private void assertRefusedRevealingNothing(MessageId id) {
        UnsafeFolderException refused = assertThrows(UnsafeFolderException.class, this::read);
        assertEquals(id, refused.id(), refused::getMessage);
        assertFalse(refused.getMessage().contains(SECRET), refused::getMessage);
    }

    @Test
    void theLogConveyorWroteIsRead() throws IOException {
        Files.writeString(log(), "reason: it broke\n");
        assertEquals(Optional.of("reason: it broke\n"), read());
    }

    @Test
    void noLogAmongTheResultsOrALogRemovedSinceIsNone() throws IOException {
        assertEquals(Optional.empty(), EndLog.read(confinement, watched, List.of("result/report.txt")));
        assertEquals(Optional.empty(), read(), "the log's folder and the log are gone");
    }

    @Test
    void aResultNamedOutsideTheWatchedFolderIsNotRead() throws IOException {
        Files.writeString(root.resolve("failure.log"), "beside the watched folder");
        assertEquals(Optional.empty(), EndLog.read(confinement, watched, List.of("../failure.log")));
    }

    @Test
    void aLinkInPlaceOfTheLogIsRefusedAndNotFollowed() throws IOException {
        Files.createSymbolicLink(log(), secret);
        assertRefusedRevealingNothing(MessageId.FILE_NOT_AS_WRITTEN);
    }

    @Test
    void aLinkInPlaceOfTheLogsFolderIsRefused() throws IOException {
        Path day = Files.createDirectories(watched.resolve("failure/2026/12"));
        Files.createDirectories(outside.resolve("report.txt"));
        Files.createSymbolicLink(outside.resolve("report.txt/failure.log"), secret);
        Files.createSymbolicLink(day.resolve("01"), outside);
        assertRefusedRevealingNothing(MessageId.FOLDER_IS_LINK);
    }

    @Test
    void aHardLinkInPlaceOfTheLogIsRefused() throws IOException {
        Files.createLink(log(), secret);
        assertRefusedRevealingNothing(MessageId.FILE_NOT_AS_WRITTEN);
    }

    @Test
    void aFolderInPlaceOfTheLogIsRefused() throws IOException {
        Files.createDirectories(log());
        assertRefusedRevealingNothing(MessageId.FILE_NOT_AS_WRITTEN);
    }

    @Test
    void aHugeLogIsCutAtTheBoundAndSaysSo() throws IOException {
        Files.write(log(), "x".repeat(EndLog.MAX_BYTES + 10).getBytes());
        String text = read().orElseThrow();
        assertTrue(text.startsWith("x".repeat(EndLog.MAX_BYTES) + "\n[the log goes on past " + EndLog.MAX_BYTES + " bytes"), text.substring(EndLog.MAX_BYTES));
        assertTrue(text.length() < EndLog.MAX_BYTES + 500);
    }
}
