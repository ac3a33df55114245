package dev.conveyor.endpoint;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The settings table in docs/endpoints.md is the declarations in EndpointSettings, word for word. */
class SettingsDocumentationTest {

    static String table() {
        StringBuilder table = new StringBuilder("| setting | default | service-wide | meaning |\n| --- | --- | --- | --- |\n");
        for (Setting<?> setting : EndpointSettings.ALL) {
            table.append("| `").append(setting.name()).append("` | ").append(defaultText(setting)).append(" | ")
                    .append(setting.serviceWide() ? "yes" : "no").append(" | ").append(setting.description()).append(" |\n");
        }
        return table.toString();
    }

    private static String defaultText(Setting<?> setting) {
        Object value = setting.manualDefault();
        if (value == null) {
            return "required";
        }
        if (value instanceof Optional<?> optional && optional.isEmpty()) {
            return "none";
        }
        if (value instanceof Map<?, ?> map) {
            return map.isEmpty() ? "`{}`" : map.entrySet().stream().map(Object::toString).collect(Collectors.joining(", "));
        }
        return value.toString().isEmpty() ? "empty" : "`" + value + "`";
    }

    @Test
    void theEndpointsGuideCarriesTheSettingsTable() throws IOException {
        String guide = Files.readString(Path.of("..", "docs", "endpoints.md"));
        assertTrue(guide.contains(table()), "docs/endpoints.md must contain this settings table (regenerate it from EndpointSettings):\n" + table());
    }
}
