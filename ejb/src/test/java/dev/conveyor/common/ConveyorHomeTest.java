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
        assertTrue(ConveyorHome.openat2Allowed());
        System.setProperty("conveyor.openat2", " OFF ");
        assertFalse(ConveyorHome.openat2Allowed());
        System.setProperty("conveyor.openat2", "on");
        assertTrue(ConveyorHome.openat2Allowed());
    }
}
