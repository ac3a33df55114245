package dev.conveyor.job;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StageFolderTest {

    @TempDir
    Path watched;

    @Test
    void eachJobHasItsOwnFolderInTheStageFolder() {
        StageFolder stage = StageFolder.of(watched, "job-1");

        assertEquals(watched.resolve("stage/job-1"), stage.jobFolder());
        assertEquals(watched.resolve("stage/job-1/in/scan.pdf"), stage.input("scan.pdf"));
        assertEquals(watched.resolve("stage/job-1/out"), stage.output());
        assertEquals(watched.resolve("stage/job-1/work"), stage.work());
    }

    @Test
    void withoutAnOutputFolderThereAreNoUnits() throws IOException {
        assertEquals(List.of(), StageFolder.of(watched, "job-1").resultUnits());
    }

    @Test
    void withoutAListEveryEntryOfTheOutputFolderIsAUnitInNameOrder() throws IOException {
        StageFolder stage = StageFolder.of(watched, "job-1");
        Files.createDirectories(stage.output().resolve("pages"));
        Files.writeString(stage.output().resolve("b.txt"), "b");
        Files.writeString(stage.output().resolve("a.txt"), "a");

        assertEquals(List.of(Path.of("a.txt"), Path.of("b.txt"), Path.of("pages")), stage.resultUnits());
    }

    @Test
    void writtenUnitsAreReadBackInTheirOrder() throws IOException {
        StageFolder stage = StageFolder.of(watched, "job-1");
        Files.createDirectories(stage.output());
        List<Path> units = List.of(Path.of("z.txt"), Path.of("text/a b.txt"), Path.of("pages"));

        stage.writeResultUnits(units);

        assertEquals(units, stage.resultUnits());
    }
}
