package dev.conveyor.common;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ConveyorHomeTest {

    @AfterEach
    void tearDown() {
        System.clearProperty("conveyor.openat2");
    }

    @Test
    void openat2IsAllowedUnlessSwitchedOff() {
        // Set each time: the property comes before the environment, which may hold CONVEYOR_OPENAT2 where this runs.
        System.setProperty("conveyor.openat2", "on");
        assertTrue(ConveyorHome.openat2Allowed());
        for (String off : new String[] {" OFF ", "false", "no", "0"}) {
            System.setProperty("conveyor.openat2", off);
            assertFalse(ConveyorHome.openat2Allowed(), off);
        }
        System.setProperty("conveyor.openat2", "yes");
        assertTrue(ConveyorHome.openat2Allowed());
    }
}
