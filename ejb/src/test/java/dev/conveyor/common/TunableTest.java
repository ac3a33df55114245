package dev.conveyor.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class TunableTest {

    private static Function<String, Optional<String>> configured(Map<String, String> values) {
        return name -> Optional.ofNullable(values.get(name));
    }

    private static final Function<String, Optional<String>> NOTHING = configured(Map.of());

    @Test
    void unsetTunablesHaveTheirDefaults() {
        assertEquals(Runtime.getRuntime().availableProcessors(), Tunable.WORKERS.value(NOTHING));
        assertEquals(4, Tunable.RESULT_WRITERS.value(NOTHING));
        assertEquals(3, Tunable.ATTEMPTS.value(NOTHING));
        assertEquals(Duration.ofSeconds(20), Tunable.RECOVERY_INTERVAL.value(NOTHING));
        assertEquals("0 15 3 * * ?", Tunable.PURGE_CRON.value(NOTHING).toString());
        assertEquals(Duration.ofSeconds(30), Tunable.RECOVERY_QUEUED_STALE.value(NOTHING));
        assertEquals(Duration.ofSeconds(30), Tunable.NODE_DEAD_AFTER.value(NOTHING));
    }

    @Test
    void aBlankValueCountsAsUnset() {
        assertEquals(3, Tunable.ATTEMPTS.value(configured(Map.of("conveyor.attempts", "  "))));
    }

    @Test
    void configuredValuesAreParsed() {
        Function<String, Optional<String>> source = configured(Map.of("conveyor.workers", "7", "conveyor.attempts", " 5 ",
                "conveyor.recovery.interval", "2 min", "conveyor.retry-back-off", "250ms", "conveyor.node.dead-after", "PT45S",
                "conveyor.workers.stuck-after", "1h", "conveyor.purge.cron", "0 40 23 * * ?"));
        assertEquals(7, Tunable.WORKERS.value(source));
        assertEquals(5, Tunable.ATTEMPTS.value(source));
        assertEquals(Duration.ofMinutes(2), Tunable.RECOVERY_INTERVAL.value(source));
        assertEquals(Duration.ofMillis(250), Tunable.RETRY_BACK_OFF.value(source));
        assertEquals(Duration.ofSeconds(45), Tunable.NODE_DEAD_AFTER.value(source));
        assertEquals(Duration.ofHours(1), Tunable.WORKERS_STUCK_AFTER.value(source));
        assertEquals("0 40 23 * * ?", Tunable.PURGE_CRON.value(source).toString());
    }

    @Test
    void aValueThatDoesNotParseIsRefusedWithItsNameAndEnvironmentVariable() {
        IllegalArgumentException zero = assertThrows(IllegalArgumentException.class,
                () -> Tunable.RESULT_WRITERS.value(configured(Map.of("conveyor.result-writers", "0"))));
        assertEquals("CNV-2017-E Setting conveyor.result-writers is '0': must be 1 or more. Correct it (system property, "
                + "environment variable CONVEYOR_RESULT_WRITERS or a file in the secrets directory) or remove it for the default; "
                + "docs/configuration.md lists the settings.", zero.getMessage());
        for (String wrong : new String[] {"20", "-5 s", "0 s", "soon"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> Tunable.RECOVERY_INTERVAL.value(configured(Map.of("conveyor.recovery.interval", wrong))));
            assertTrue(e.getMessage().startsWith("CNV-2017-E Setting conveyor.recovery.interval is '" + wrong + "'"), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> Tunable.ATTEMPTS.value(configured(Map.of("conveyor.attempts", "three"))));
        assertThrows(IllegalArgumentException.class, () -> Tunable.PURGE_CRON.value(configured(Map.of("conveyor.purge.cron", "03:15"))));
    }

    @Test
    void everyDeclaredTunableHasADefaultThatParses() {
        for (Tunable<?> tunable : Tunable.ALL) {
            Object unset = tunable.value(NOTHING);
            String written = tunable.defaultText().matches("[0-9].*") ? tunable.defaultText() : unset.toString();
            assertEquals(unset, tunable.value(configured(Map.of(tunable.name(), written))), tunable.name());
        }
    }

    @Test
    void environmentVariablesFollowMicroProfileConfigsMapping() {
        assertEquals("CONVEYOR_WORKERS", Tunable.WORKERS.environmentVariable());
        assertEquals("CONVEYOR_RESULT_WRITERS", Tunable.RESULT_WRITERS.environmentVariable());
        assertEquals("CONVEYOR_RECOVERY_AFTER_START", Tunable.RECOVERY_AFTER_START.environmentVariable());
    }

    @Test
    void namesAreUniqueAndConveyors() {
        Set<String> names = Tunable.ALL.stream().map(Tunable::name).collect(Collectors.toSet());
        assertEquals(Tunable.ALL.size(), names.size());
        assertTrue(names.stream().allMatch(name -> name.matches("conveyor\\.[a-z.-]+")), names::toString);
    }

    @Test
    void theBeansReferencesNameTheirTunablesAndTheScriptsGetTheirDefaults() {
        assertEquals("${MPCONFIG=" + Tunable.WORKERS.name() + "}", Tunable.WORKERS_REFERENCE);
        assertEquals("${MPCONFIG=" + Tunable.RESULT_WRITERS.name() + "}", Tunable.RESULT_WRITERS_REFERENCE);
        assertEquals("${MPCONFIG=" + Tunable.SIGNAL_LISTENERS.name() + "}", Tunable.SIGNAL_LISTENERS_REFERENCE);
        assertEquals("${MPCONFIG=" + Tunable.SUBMISSION_LISTENERS.name() + "}", Tunable.SUBMISSION_LISTENERS_REFERENCE);
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        PrintStream out = System.out;
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            Tunable.main(new String[0]);
        } finally {
            System.setOut(out);
        }
        assertEquals("conveyor.workers=" + Runtime.getRuntime().availableProcessors() + System.lineSeparator()
                + "conveyor.result-writers=4" + System.lineSeparator() + "conveyor.signal-listeners=4" + System.lineSeparator()
                + "conveyor.submission-listeners=4" + System.lineSeparator(), printed.toString(StandardCharsets.UTF_8));
    }
}
