package dev.conveyor.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HeldFolderTest {

    @TempDir
    Path root;

    /** A folder outside the allowed root. */
    @TempDir
    Path outside;

    private Confinement confinement;
    private Path job;

    @BeforeEach
    void setUp() throws IOException {
        confinement = new Confinement(List.of(root));
        job = Files.createDirectories(root.resolve("watched/stage/job-1"));
    }

    @Test
    void workThroughAHeldFolderStaysInItWhenAFolderAboveIsSwappedForALink() throws IOException {
        Files.createDirectories(outside.resolve("job-1"));
        try (HeldFolder held = HeldFolder.open(confinement, job)) {
            Files.move(root.resolve("watched/stage"), root.resolve("watched/away"));
            Files.createSymbolicLink(root.resolve("watched/stage"), outside);

            Files.writeString(held.path().resolve("out.txt"), "written");
            Files.createDirectory(held.path().resolve("work"));
        }

        assertEquals("written", Files.readString(root.resolve("watched/away/job-1/out.txt")));
        assertTrue(Files.isDirectory(root.resolve("watched/away/job-1/work")));
        try (var written = Files.list(outside.resolve("job-1"))) {
            assertEquals(List.of(), written.toList(), "nothing was written where the link points");
        }
    }

    @Test
    void aLinkOnTheWayIsRefusedNamedWithWhereItPoints() throws IOException {
        Files.move(root.resolve("watched/stage"), root.resolve("watched/away"));
        Files.createSymbolicLink(root.resolve("watched/stage"), root.resolve("watched/away"));

        UnsafeFolderException refused = assertThrows(UnsafeFolderException.class, () -> HeldFolder.open(confinement, job));

        assertEquals(root.resolve("watched/stage"), refused.path());
        assertTrue(refused.getMessage().startsWith("CNV-8001-E " + root.resolve("watched/stage") + " is a symbolic link (to "
                + root.resolve("watched/away")), refused.getMessage());
    }

    @Test
    void aFileWhereAFolderShouldBeIsRefused() throws IOException {
        Path file = Files.writeString(root.resolve("watched/file"), "not a folder");

        UnsafeFolderException refused = assertThrows(UnsafeFolderException.class, () -> HeldFolder.open(confinement, file.resolve("job")));

        assertTrue(refused.getMessage().startsWith("CNV-8003-E " + file), refused.getMessage());
    }

    @Test
    void aMissingFolderIsNamed() {
        NoSuchFileException missing = assertThrows(NoSuchFileException.class,
                () -> HeldFolder.open(confinement, root.resolve("watched/stage/job-2")));

        assertEquals(root.resolve("watched/stage/job-2").toString(), missing.getFile());
    }

    @Test
    void aFolderOutsideTheRootsIsRefused() {
        UnsafeFolderException refused = assertThrows(UnsafeFolderException.class, () -> HeldFolder.open(confinement, outside));

        assertTrue(refused.getMessage().startsWith("CNV-8002-E"), refused.getMessage());
    }

    @Test
    void aRootThatIsALinkIsFollowed() throws IOException {
        Path linkedRoot = Files.createSymbolicLink(outside.resolve("share"), root);

        try (HeldFolder held = HeldFolder.open(new Confinement(List.of(linkedRoot)), linkedRoot.resolve("watched/stage/job-1"))) {
            Files.writeString(held.path().resolve("out.txt"), "written");
        }

        assertEquals("written", Files.readString(job.resolve("out.txt")));
    }

    @Test
    void workStartedBeforeTheOpenerLetsGoKeepsTheFolderUntilItEndsHoweverOftenTheOpenerCloses() throws Exception {
        HeldFolder held = HeldFolder.open(confinement, job);
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch openerDone = new CountDownLatch(1);
        Callable<Path> work = held.whileHeld(() -> {
            started.countDown();
            openerDone.await(10, TimeUnit.SECONDS);
            return Files.writeString(held.path().resolve("late.txt"), "after the opener let go");
        });
        ExecutorService thread = Executors.newSingleThreadExecutor();
        try {
            Future<Path> running = thread.submit(work);
            assertTrue(started.await(10, TimeUnit.SECONDS));
            held.close();
            held.close();
            openerDone.countDown();
            running.get(10, TimeUnit.SECONDS);
        } finally {
            thread.shutdownNow();
        }

        assertEquals("after the opener let go", Files.readString(job.resolve("late.txt")));
    }

    @Test
    void workThatStartsAfterTheFolderWasLetGoDoesNotRun() throws IOException {
        HeldFolder held = HeldFolder.open(confinement, job);
        Callable<Path> work = held.whileHeld(() -> Files.writeString(held.path().resolve("late.txt"), "too late"));
        held.close();

        IOException refused = assertThrows(IOException.class, work::call);

        assertTrue(refused.getMessage().contains("was let go before the operation started"), refused.getMessage());
        assertFalse(Files.exists(job.resolve("late.txt")));
    }

    @Test
    void aPinnedFileIsReadAfterItsNameIsSwappedForALink() throws IOException {
        Path dropped = Files.writeString(Files.createDirectories(job.resolve("in/batch")).resolve("a.txt"), "dropped");
        Path secret = Files.writeString(outside.resolve("secret.txt"), "not for the results");

        try (HeldFolder held = HeldFolder.open(confinement, job); PinnedFile pinned = HeldFolder.pin(held.path().resolve("in/batch/a.txt"))) {
            Files.move(dropped, job.resolve("in/batch/moved.txt"));
            Files.createSymbolicLink(dropped, secret);

            try (var in = pinned.newInputStream()) {
                assertEquals("dropped", new String(in.readAllBytes()));
            }
        }
    }

    @Test
    void aLinkInPlaceOfAFileBelowAHeldFolderIsNotRead() throws IOException {
        Files.createDirectories(job.resolve("in/batch"));
        Files.createSymbolicLink(job.resolve("in/batch/a.txt"), Files.writeString(outside.resolve("secret.txt"), "secret"));

        try (HeldFolder held = HeldFolder.open(confinement, job)) {
            IOException refused = assertThrows(IOException.class, () -> HeldFolder.pin(held.path().resolve("in/batch/a.txt")));

            assertTrue(refused.getMessage().startsWith(job.resolve("in/batch/a.txt") + " was not read"), refused.getMessage());
        }
    }

    @Test
    void aLinkInPlaceOfAFolderOnAFilesWayIsNotFollowed() throws IOException {
        Files.createDirectories(job.resolve("in"));
        Files.writeString(Files.createDirectories(outside.resolve("batch")).resolve("a.txt"), "secret");
        Files.createSymbolicLink(job.resolve("in/batch"), outside.resolve("batch"));

        try (HeldFolder held = HeldFolder.open(confinement, job)) {
            IOException refused = assertThrows(IOException.class, () -> HeldFolder.pin(held.path().resolve("in/batch/a.txt")));

            assertTrue(refused.getMessage().contains("'batch' on its way could not be opened without following a link"), refused.getMessage());
        }
    }

    @Test
    void aPipeInPlaceOfAFileIsRefusedWithoutWaitingForAWriter() throws Exception {
        Files.createDirectories(job.resolve("in"));
        assertEquals(0, new ProcessBuilder("mkfifo", job.resolve("in/a.txt").toString()).start().waitFor());

        try (HeldFolder held = HeldFolder.open(confinement, job)) {
            IOException refused = assertTimeoutPreemptively(Duration.ofSeconds(10),
                    () -> assertThrows(IOException.class, () -> HeldFolder.pin(held.path().resolve("in/a.txt"))));

            assertTrue(refused.getMessage().contains("not a regular file"), refused.getMessage());
        }
    }

    @Test
    void aFileElsewhereIsPinnedByItsPathWhenItIsNoLink() throws IOException {
        Path file = Files.writeString(job.resolve("a.txt"), "by path");
        Path link = Files.createSymbolicLink(job.resolve("b.txt"), file);

        try (PinnedFile pinned = HeldFolder.pin(file)) {
            assertEquals(file, pinned.path());
        }
        assertThrows(IOException.class, () -> HeldFolder.pin(link));
    }

    @Test
    void aFileWhoseNameHoldsALineBreakIsPinnedThroughTheHeldFolderToo() throws IOException {
        Path folder = Files.createDirectories(job.resolve("in/a\nb"));
        Files.writeString(folder.resolve("passwd"), "dropped");
        Path secret = Files.writeString(outside.resolve("passwd"), "secret");

        try (HeldFolder held = HeldFolder.open(confinement, job)) {
            Path throughHeld = held.path().resolve("in/a\nb/passwd");
            Files.move(folder, job.resolve("in/away"));
            Files.createSymbolicLink(folder, secret.getParent());

            IOException refused = assertThrows(IOException.class, () -> HeldFolder.pin(throughHeld));

            assertTrue(refused.getMessage().contains("could not be opened without following a link"), refused.getMessage());
        }
    }

    @Test
    void aPathThroughAFolderNoLongerHeldIsNotRead() throws IOException {
        Files.writeString(job.resolve("a.txt"), "a");
        HeldFolder held = HeldFolder.open(confinement, job);
        Path kept = held.path().resolve("a.txt");
        held.close();

        IOException refused = assertThrows(IOException.class, () -> HeldFolder.pin(kept));

        assertTrue(refused.getMessage().contains("names no folder held for a job's run now"), refused.getMessage());
    }

    @Test
    void aPathLeadingAboveTheHeldFolderIsNotRead() throws IOException {
        Path otherJob = Files.writeString(Files.createDirectories(root.resolve("watched/stage/job-2")).resolve("a.txt"), "another job's");

        try (HeldFolder held = HeldFolder.open(confinement, job)) {
            IOException refused = assertThrows(IOException.class, () -> HeldFolder.pin(held.path().resolve("../job-2/a.txt")));

            assertTrue(refused.getMessage().contains("or leads above one"), refused.getMessage());
        }
        assertTrue(Files.exists(otherJob));
    }

    @Test
    void aFolderAnotherUserMayWriteIntoIsRefused() throws IOException {
        Files.setPosixFilePermissions(job, PosixFilePermissions.fromString("rwxrwxrwx"));

        try (HeldFolder held = HeldFolder.open(confinement, job)) {
            UnsafeFolderException refused = assertThrows(UnsafeFolderException.class, held::requireKeptFromOthers);

            assertTrue(refused.getMessage().startsWith("CNV-8003-E " + job + " is not the folder Conveyor expects there (users other"),
                    refused.getMessage());
        }
    }

    @Test
    void aFolderOfConveyorsOwnWithTheUsualModeIsKept() throws IOException {
        Files.setPosixFilePermissions(job, PosixFilePermissions.fromString("rwxr-xr-x"));

        try (HeldFolder held = HeldFolder.open(confinement, job)) {
            held.requireKeptFromOthers();
        }
    }

    @Test
    void messagesNameTheHeldFolderAsItIs() throws IOException {
        try (HeldFolder held = HeldFolder.open(confinement, job)) {
            NoSuchFileException failure = assertThrows(NoSuchFileException.class, () -> Files.readString(held.path().resolve("1/work/a.txt")));

            assertEquals(job.resolve("1/work/a.txt").toString(), HeldFolder.shown(failure.getMessage(), job));
        }
    }
}
