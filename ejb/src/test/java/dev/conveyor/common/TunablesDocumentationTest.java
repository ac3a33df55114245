package dev.conveyor.common;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The tunables table in docs/configuration.md is the declarations in Tunable, word for word. */
class TunablesDocumentationTest {

    static String table() {
        StringBuilder table = new StringBuilder("| setting | environment variable | default | meaning |\n| --- | --- | --- | --- |\n");
        for (Tunable<?> tunable : Tunable.ALL) {
            table.append("| `").append(tunable.name()).append("` | `").append(tunable.environmentVariable()).append("` | ")
                    .append(tunable.defaultText().matches("[0-9:]+( [a-z]+)?") ? "`" + tunable.defaultText() + "`" : tunable.defaultText())
                    .append(" | ").append(tunable.description()).append(" |\n");
        }
        return table.toString();
    }

    @Test
    void theConfigurationGuideCarriesTheTunablesTable() throws IOException {
        String guide = Files.readString(Path.of("..", "docs", "configuration.md"));
        assertTrue(guide.contains(table()), "docs/configuration.md must contain this table (regenerate it from Tunable):\n" + table());
    }
}
