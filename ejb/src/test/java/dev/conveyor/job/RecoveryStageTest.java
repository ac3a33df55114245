package dev.conveyor.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.endpoint.EndpointConfig;
import dev.conveyor.endpoint.EndpointState;
import dev.conveyor.endpoint.SettingValues;
import dev.conveyor.files.Confinement;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The recovery pass's walk of a stage folder that a busy endpoint changes under it. */
class RecoveryStageTest {

    @TempDir
    Path root;

    @Test
    void anEntryGoneSinceTheListingIsSkippedAndTheOrphansAfterItAreStillReturned() throws Exception {
        Path watched = Files.createDirectories(root.resolve("watched"));
        EndpointConfig endpoint = new EndpointConfig("busy", watched, SettingValues.EMPTY, EndpointState.ENABLED);
        // Listed, then removed by the writer of a job that finished meanwhile.
        Path gone = StageFolder.of(watched, "finished-meanwhile").jobFolder();
        // A claim that never committed (no job row), older than the grace.
        Path dropped = Files.writeString(watched.resolve("a.txt"), "a");
        StageFolder orphan = StageFolder.of(watched, "never-committed");
        orphan.claim(new Confinement(List.of(root)), dropped);
        Files.setLastModifiedTime(orphan.jobFolder(), FileTime.from(Instant.now().minus(Duration.ofHours(1))));
        Files.setLastModifiedTime(orphan.jobFolder().resolve(StageFolder.MARKER), FileTime.from(Instant.now().minus(Duration.ofHours(1))));
        List<Object> unsafe = new ArrayList<>();

        int[] counts = {0, 0};
        Recovery.repairEntries(endpoint, List.of(gone, orphan.jobFolder()), Map.of(), Instant.now().minus(Duration.ofSeconds(30)),
                unsafe::add, counts);

        assertEquals(1, counts[0], "the orphan's file went back");
        assertEquals("a", Files.readString(dropped));
        assertTrue(Files.notExists(orphan.jobFolder()), "the orphan's folder went");
        assertEquals(List.of(), unsafe);
    }

    @Test
    void theFoldersKeptForClaimsAreNotTakenForAnOrphanedClaim() throws Exception {
        Path watched = Files.createDirectories(root.resolve("watched"));
        EndpointConfig endpoint = new EndpointConfig("kept", watched, SettingValues.EMPTY, EndpointState.ENABLED);
        Confinement confinement = new Confinement(List.of(root));
        StageFolder finished = StageFolder.of(watched, "finished").create(confinement);
        Files.createDirectories(finished.startAttempt(1).work());
        finished.clear(confinement);
        Path spares = watched.resolve("stage").resolve(SpareStageFolders.FOLDER);
        Files.setLastModifiedTime(spares, FileTime.from(Instant.now().minus(Duration.ofHours(1))));

        int[] counts = {0, 0};
        Recovery.repairEntries(endpoint, List.of(spares), Map.of(), Instant.now().minus(Duration.ofSeconds(30)), unsafe -> { }, counts);

        assertEquals(0, counts[0] + counts[1]);
        assertTrue(Files.isDirectory(spares.resolve("finished")), "the kept folder stays for a claim");
    }
}
