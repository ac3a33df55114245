package dev.conveyor.job;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** A watched folder's files and job folders for two claimers to race over, and the check that one of them took an entry whole. */
final class RacedEntries {

    private RacedEntries() {
    }

    /** {@code files} files file-i.txt and {@code jobFolders} job folders folder-i holding a.txt and b.txt, each content naming its entry. */
    static List<Path> drop(Path watched, int files, int jobFolders) throws IOException {
        List<Path> entries = new ArrayList<>();
        for (int i = 0; i < files; i++) {
            entries.add(Files.writeString(watched.resolve("file-" + i + ".txt"), "content " + i));
        }
        for (int i = 0; i < jobFolders; i++) {
            Path folder = Files.createDirectories(watched.resolve("folder-" + i));
            Files.writeString(folder.resolve("a.txt"), "a" + i);
            Files.writeString(folder.resolve("b.txt"), "b" + i);
            entries.add(folder);
        }
        return entries;
    }

    /** The job's stage folder holds the entry {@code source}, whole. */
    static void assertStagedWhole(Path watched, String jobId, String source) throws IOException {
        Path staged = StageFolder.of(watched, jobId).input(source);
        if (source.startsWith("file-")) {
            assertEquals("content " + source.substring(5, source.length() - 4), Files.readString(staged));
        } else {
            String index = source.substring(7);
            assertEquals("a" + index, Files.readString(staged.resolve("a.txt")), "the job folder moved whole");
            assertEquals("b" + index, Files.readString(staged.resolve("b.txt")), "the job folder moved whole");
        }
    }
}
