package dev.conveyor.endpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class RunningConfigsTest {

    private final RunningConfigs configs = new RunningConfigs();
    private final AtomicInteger parsed = new AtomicInteger();

    private Supplier<EndpointConfig> parse(String name) {
        return () -> {
            parsed.incrementAndGet();
            return new EndpointConfig(name, Path.of("/in/" + name), SettingValues.EMPTY, EndpointState.ENABLED);
        };
    }

    @Test
    void theSameVersionsAreParsedOnce() {
        EndpointConfig first = configs.get("a", 3, 1, parse("a"));
        EndpointConfig second = configs.get("a", 3, 1, parse("a"));
        assertSame(first, second);
        assertEquals(1, parsed.get());
    }

    @Test
    void aChangedEndpointRowIsParsedAgain() {
        configs.get("a", 3, 1, parse("a"));
        configs.get("a", 4, 1, parse("a"));
        assertEquals(2, parsed.get());
    }

    @Test
    void changedServiceDefaultsAreParsedAgain() {
        configs.get("a", 3, 1, parse("a"));
        configs.get("a", 3, 2, parse("a"));
        assertEquals(2, parsed.get());
    }

    @Test
    void endpointsAreKeptApart() {
        EndpointConfig a = configs.get("a", 0, -1, parse("a"));
        EndpointConfig b = configs.get("b", 0, -1, parse("b"));
        assertEquals("a", a.name());
        assertEquals("b", b.name());
        assertSame(a, configs.get("a", 0, -1, parse("a")));
    }

    @Test
    void fullKeepStartsAfresh() {
        for (int i = 0; i < RunningConfigs.MAX_KEPT; i++) {
            configs.get("e" + i, 0, 0, parse("e" + i));
        }
        configs.get("one more", 0, 0, parse("one more"));
        configs.get("e0", 0, 0, parse("e0"));
        assertEquals(RunningConfigs.MAX_KEPT + 2, parsed.get());
    }
}
