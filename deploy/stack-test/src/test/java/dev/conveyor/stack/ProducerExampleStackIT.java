package dev.conveyor.stack;

import static dev.conveyor.stack.Drops.awaitFinished;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The producer example as an integrator meets it: docs/flow-control.md's commands, as they stand
 * there, run in a fresh clone of this repository against the shared stack. The clone keeps the
 * build this test runs in out of reach of the example's own build; the commands publish the client
 * library alone and build the example against that release, with no install of Conveyor's build.
 */
class ProducerExampleStackIT extends OnSharedStack {

    private static final String EXAMPLE = "examples/backoff-producer/pom.xml compile exec:java";

    /** The lines of the guide's shell block that runs the example, comments and output left out. */
    static List<String> documentedCommands(Path guide) throws IOException {
        List<String> lines = Files.readAllLines(guide);
        int start = -1;
        while ((start = indexFrom(lines, "```sh", start + 1)) >= 0) {
            List<String> block = lines.subList(start + 1, indexFrom(lines, "```", start + 1));
            if (block.stream().anyMatch(line -> line.contains(EXAMPLE))) {
                return block.stream().filter(line -> !line.isBlank() && !line.startsWith("#")).toList();
            }
        }
        throw new AssertionError(guide + " has no shell block running " + EXAMPLE);
    }

    private static int indexFrom(List<String> lines, String line, int from) {
        int found = lines.subList(from, lines.size()).indexOf(line);
        return found < 0 ? -1 : found + from;
    }

    private static String run(String command, Path directory) throws IOException, InterruptedException {
        ProcessBuilder shell = new ProcessBuilder("bash", "-c", command).directory(directory.toFile()).redirectErrorStream(true);
        shell.environment().put("CONVEYOR_VAR", stack.var().toString());
        Process process = shell.start();
        String printed = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(10, TimeUnit.MINUTES), command + " did not end");
        assertEquals(0, process.exitValue(), command + " failed:\n" + printed);
        return printed;
    }

    /**
     * What a producer's team resolves: the jar with its sources and javadoc and a pom that names no
     * parent, since Conveyor's reactor pom is never published.
     */
    private static void assertReleased(Path artifactFolder) throws IOException {
        List<Path> versions;
        try (var listed = Files.list(artifactFolder)) {
            versions = listed.filter(Files::isDirectory).toList();
        }
        assertEquals(1, versions.size(), versions::toString);
        Path release = versions.get(0);
        String version = release.getFileName().toString();
        assertFalse(version.endsWith("-SNAPSHOT"), version);
        for (String suffix : List.of(".jar", "-sources.jar", "-javadoc.jar", ".pom")) {
            assertTrue(Files.size(release.resolve("conveyor-client-" + version + suffix)) > 0, suffix);
        }
        String pom = Files.readString(release.resolve("conveyor-client-" + version + ".pom"));
        assertFalse(pom.contains("<parent>"), pom);
    }

    @Test
    void theDocumentedCommandsOnAFreshClonePutTheFilesAndTheirJobsComplete() throws Exception {
        List<String> commands = documentedCommands(stack.top().resolve("docs").resolve("flow-control.md"));
        assertTrue(commands.get(commands.size() - 1).contains("-Dexec.args=\"pages /tmp/flow-a.txt /tmp/flow-b.txt\""), commands::toString);
        assertTrue(commands.stream().noneMatch(command -> command.matches(".*\\binstall\\b.*")),
                "a producer's team gets the library as a release, never by installing Conveyor's build: " + commands);
        Drops.endpoint(api, "pages", "copy", "\"resultFolder\":\"result/\"");
        Files.writeString(Path.of("/tmp/flow-a.txt"), "flow a", StandardCharsets.UTF_8);
        Files.writeString(Path.of("/tmp/flow-b.txt"), "flow b", StandardCharsets.UTF_8);
        Path clone = stack.var().resolve("producer-example-clone");
        run("rm -rf '" + clone + "' && git clone -q '" + stack.top().toAbsolutePath() + "' '" + clone + "'", stack.var());

        String printed = "";
        for (String command : commands) {
            printed = run(command, clone);
        }

        assertReleased(clone.resolve("client/target/release/repository/dev/conveyor/conveyor-client"));
        assertTrue(printed.contains("2 accepted; backed off 0 times at the threshold, put again 0 times after a full queue"), printed);
        List<JsonObject> jobs = awaitFinished(api, "pages", 2);
        assertEquals(List.of("SUCCEEDED", "SUCCEEDED"), jobs.stream().map(job -> job.getString("state")).toList(), jobs::toString);
        assertTrue(jobs.stream().allMatch(job -> "example".equals(job.getJsonObject("attributes").getString("producer", ""))),
                jobs::toString);
    }
}
