package dev.conveyor.job;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

class UnsentDispatchesTest {

    @Test
    void whatIsKeptForAnEndpointIsTakenOnceWithEverythingKeptForIt() {
        UnsentDispatches unsent = new UnsentDispatches();
        unsent.keep("invoices", Map.of("job-1", 4));
        unsent.keep("scans", Map.of("job-9", 7));
        unsent.keep("invoices", Map.of("job-2", 9));
        assertEquals(Map.of("job-1", 4, "job-2", 9), unsent.take("invoices"));
        assertEquals(Map.of(), unsent.take("invoices"), "taken once");
        assertEquals(Map.of("job-9", 7), unsent.take("scans"), "other endpoints' stay until their own scan");
    }
}
