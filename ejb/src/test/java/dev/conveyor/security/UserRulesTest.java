package dev.conveyor.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.conveyor.common.ConveyorException;
import org.junit.jupiter.api.Test;

class UserRulesTest {

    private static String refusedField(Runnable check) {
        return assertThrows(ConveyorException.class, check::run).field();
    }

    @Test
    void namesAreShortLowerCaseAndNeverTheDeployAdmin() {
        assertEquals("night-shift.2", UserRules.name("night-shift.2"));
        for (String bad : new String[] {"", "Alice", "../x", "a b", "-lead", "x".repeat(65), "admin", "é"}) {
            assertEquals("name", refusedField(() -> UserRules.name(bad)), bad);
        }
    }

    @Test
    void rolesAreTheThree() {
        assertEquals(Role.OPERATOR, UserRules.role("operator"));
        assertEquals("role", refusedField(() -> UserRules.role("root")));
        assertEquals("role", refusedField(() -> UserRules.role("ADMIN")));
    }

    @Test
    void passwordsAreTwelveTo256Characters() {
        assertEquals("x".repeat(12), UserRules.password("x".repeat(12)));
        assertEquals("password", refusedField(() -> UserRules.password("x".repeat(11))));
        assertEquals("password", refusedField(() -> UserRules.password("x".repeat(257))));
    }
}
