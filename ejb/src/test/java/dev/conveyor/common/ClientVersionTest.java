package dev.conveyor.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The producer library's version is written in four places that Maven cannot tie together, since
 * the library's pom has no parent: its own pom, the reactor's property the server is built with,
 * the example producer's dependency and the snippet of its guide. A release raises them together.
 */
class ClientVersionTest {

    private static final Path TOP = Path.of("..");

    private static String first(Path file, String regex) throws IOException {
        Matcher found = Pattern.compile(regex, Pattern.DOTALL).matcher(Files.readString(TOP.resolve(file)));
        assertTrue(found.find(), "no " + regex + " in " + file);
        return found.group(1);
    }

    @Test
    void theLibrarysVersionIsTheSameWhereverItIsNamed() throws IOException {
        String dependency = "<artifactId>conveyor-client</artifactId>\\s*<version>([^<]+)</version>";
        String released = first(Path.of("client/pom.xml"), dependency);
        assertFalse(released.endsWith("-SNAPSHOT"), "client/release publishes fixed versions only: " + released);
        assertEquals(released, first(Path.of("pom.xml"), "<conveyor-client.version>([^<]+)</conveyor-client.version>"), "pom.xml");
        assertEquals(released, first(Path.of("examples/backoff-producer/pom.xml"), dependency), "the example producer");
        assertEquals(released, first(Path.of("client/README.md"), dependency), "the guide's snippet");
        assertEquals(released, first(Path.of("client/README.md"), "conveyor-client-([0-9.]+)-repository\\.zip"), "the guide's zip");
    }
}
