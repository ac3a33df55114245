package dev.conveyor.job;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.conveyor.endpoint.EndpointConfig;
import dev.conveyor.endpoint.EndpointState;
import dev.conveyor.endpoint.SettingValues;
import dev.conveyor.priority.RuleSet;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JobFactoryTest {

    @TempDir
    Path watched;

    private String sizeOf(Path input) {
        EndpointConfig endpoint = new EndpointConfig("sizes", watched, SettingValues.EMPTY, EndpointState.ENABLED);
        return JobFactory.create(endpoint, "job-1", input, Map.of(), null, RuleSet.FIFO).getAttributes().get(JobAttributes.FILE_SIZE);
    }

    @Test
    void aFilesSizeIsItsLength() throws Exception {
        assertEquals("5", sizeOf(Files.writeString(watched.resolve("a.txt"), "12345")));
    }

    @Test
    void aJobFoldersSizeIsTheTotalOfItsFilesAtAnyDepth() throws Exception {
        Path folder = Files.createDirectories(watched.resolve("job/inner"));
        Files.writeString(watched.resolve("job/one.txt"), "123");
        Files.writeString(folder.resolve("two.txt"), "4567");
        assertEquals("7", sizeOf(watched.resolve("job")));
    }

    @Test
    void aLinkInsideAJobFolderCountsNothingOfWhatItPointsAt() throws Exception {
        Path folder = Files.createDirectories(watched.resolve("job"));
        Files.writeString(folder.resolve("one.txt"), "123");
        Path elsewhere = Files.writeString(Files.createTempFile("outside", ".txt"), "a size that is not the dropper's to learn");
        Files.createSymbolicLink(folder.resolve("link.txt"), elsewhere);
        try {
            assertEquals("3", sizeOf(folder));
        } finally {
            Files.delete(elsewhere);
        }
    }

    @Test
    void whatCannotBeReadHasSizeZeroAndALinkIsNotFollowed() throws Exception {
        assertEquals("0", sizeOf(watched.resolve("gone.txt")));
        Path target = Files.writeString(watched.resolve("target.txt"), "123456789");
        assertEquals("0", sizeOf(Files.createSymbolicLink(watched.resolve("link.txt"), target)));
    }
}
