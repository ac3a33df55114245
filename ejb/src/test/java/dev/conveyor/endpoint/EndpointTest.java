package dev.conveyor.endpoint;

import static dev.conveyor.endpoint.EndpointSettings.BATCH_SIZE;
import static dev.conveyor.endpoint.EndpointSettings.NAME;
import static dev.conveyor.endpoint.EndpointSettings.OPERATION_NAME;
import static dev.conveyor.endpoint.EndpointSettings.PATH;
import static dev.conveyor.endpoint.EndpointSettings.REPEAT_INTERVAL;
import static dev.conveyor.endpoint.EndpointSettings.RESULT_FOLDER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The entity keeps only what was given; the settings it runs with are laid over the defaults each time. */
class EndpointTest {

    private static final Path FOLDER = Path.of("/data/in/invoices");

    private static Endpoint endpoint(SettingValues given) {
        Endpoint endpoint = new Endpoint("invoices", Instant.EPOCH);
        endpoint.setGiven(given, FOLDER);
        return endpoint;
    }

    @Test
    void givenSettingsAreKeptWithTheNameAndTheAbsoluteFolder() {
        Endpoint endpoint = endpoint(SettingValues.EMPTY.with(PATH, "in/invoices").with(OPERATION_NAME, "copy").with(BATCH_SIZE, 7));

        SettingValues given = endpoint.given();

        assertEquals("invoices", given.get(NAME));
        assertEquals(FOLDER.toString(), given.get(PATH));
        assertEquals("copy", given.get(OPERATION_NAME));
        assertEquals(7, given.get(BATCH_SIZE));
        assertFalse(given.has(REPEAT_INTERVAL));
        assertEquals(FOLDER, endpoint.folder());
    }

    @Test
    void configLaysGivenOverServiceDefaultsOverTheManuals() {
        Endpoint endpoint = endpoint(SettingValues.EMPTY.with(OPERATION_NAME, "copy").with(BATCH_SIZE, 7));
        SettingValues service = SettingValues.EMPTY.with(BATCH_SIZE, 50).with(REPEAT_INTERVAL, 60);

        EndpointConfig config = endpoint.config(service);

        assertEquals("invoices", config.name());
        assertEquals(FOLDER, config.folder());
        assertEquals(7, config.get(BATCH_SIZE));
        assertEquals(60, config.get(REPEAT_INTERVAL));
        assertEquals("result/%Y/%M/%D/", config.get(RESULT_FOLDER));
        assertEquals(EndpointState.ENABLED, config.state());
    }

    @Test
    void leftOutSettingsFollowLaterChangesOfTheServiceDefaults() {
        Endpoint endpoint = endpoint(SettingValues.EMPTY.with(OPERATION_NAME, "copy"));

        assertEquals(2, endpoint.config(SettingValues.EMPTY).get(BATCH_SIZE));
        assertEquals(9, endpoint.config(SettingValues.EMPTY.with(BATCH_SIZE, 9)).get(BATCH_SIZE));
    }

    @Test
    void configCarriesTheState() {
        Endpoint endpoint = endpoint(SettingValues.EMPTY.with(OPERATION_NAME, "copy"));
        endpoint.setState(EndpointState.PAUSED);

        assertEquals(EndpointState.PAUSED, endpoint.config(SettingValues.EMPTY).state());
    }

    @Test
    void newSettingsRestartTheScanCount() {
        Endpoint endpoint = endpoint(SettingValues.EMPTY.with(OPERATION_NAME, "copy"));
        endpoint.countScan();
        endpoint.countScan();
        assertEquals(2, endpoint.getScans());

        endpoint.setGiven(endpoint.given().with(BATCH_SIZE, 3), FOLDER);

        assertEquals(0, endpoint.getScans());
    }
}
