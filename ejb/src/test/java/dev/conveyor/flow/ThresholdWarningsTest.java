package dev.conveyor.flow;

import dev.conveyor.job.InputQueue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.endpoint.EndpointConfig;
import dev.conveyor.endpoint.EndpointSettings;
import dev.conveyor.endpoint.EndpointState;
import dev.conveyor.endpoint.SettingValues;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ThresholdWarningsTest {

    private final List<String> log = new ArrayList<>();
    private final ThresholdWarnings warnings = new ThresholdWarnings(log::add);

    private static EndpointConfig endpoint(String name, SettingValues settings) {
        return new EndpointConfig(name, Path.of("/folders", name), settings, EndpointState.ENABLED);
    }

    @Test
    void aCrossingWritesTheWarningByDefault() {
        EndpointConfig invoices = endpoint("invoices", EndpointSettings.MANUAL_DEFAULTS);
        assertFalse(warnings.observe(invoices, new InputQueue(10, 20, 7)), "3 free of 10 is above 20%");
        assertTrue(warnings.observe(invoices, new InputQueue(10, 20, 8)));
        assertEquals(1, log.size());
        assertTrue(log.get(0).startsWith("CNV-7001-W"), log.get(0));
        assertTrue(log.get(0).contains("'invoices'") && log.get(0).contains("queued jobs=8"), log.get(0));
    }

    @Test
    void switchedOffTheCrossingIsStillReportedButNothingIsWritten() {
        EndpointConfig quiet = endpoint("quiet",
                EndpointSettings.MANUAL_DEFAULTS.with(EndpointSettings.FREE_QUEUE_SIZE_THRESHOLD_WARNING, false));
        assertTrue(warnings.observe(quiet, new InputQueue(10, 20, 9)), "the metric still counts the crossing");
        assertFalse(warnings.observe(quiet, new InputQueue(10, 20, 10)), "still below: not a new crossing");
        assertEquals(List.of(), log);
    }
}
