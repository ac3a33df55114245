package dev.conveyor.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ApiAccessTest {

    @Test
    void viewersReadEverythingButUsersAndTheAuditTrail() {
        assertEquals(Role.VIEWER, ApiAccess.needed("GET", "endpoints"));
        assertEquals(Role.VIEWER, ApiAccess.needed("GET", "/endpoints/pages/queue"));
        assertEquals(Role.VIEWER, ApiAccess.needed("GET", "jobs/123"));
        assertEquals(Role.ADMIN, ApiAccess.needed("GET", "users"));
        assertEquals(Role.ADMIN, ApiAccess.needed("GET", "users/alice"));
        assertEquals(Role.ADMIN, ApiAccess.needed("GET", "audit"));
    }

    @Test
    void operatorsRunTheService() {
        assertEquals(Role.OPERATOR, ApiAccess.needed("POST", "endpoints/pages/pause"));
        assertEquals(Role.OPERATOR, ApiAccess.needed("POST", "endpoints/pages/resume"));
        assertEquals(Role.OPERATOR, ApiAccess.needed("POST", "signals/batch-7"));
        assertEquals(Role.OPERATOR, ApiAccess.needed("DELETE", "signals/batch-7"));
        assertEquals(Role.OPERATOR, ApiAccess.needed("POST", "jobs/42/retry"));
        assertEquals(Role.OPERATOR, ApiAccess.needed("POST", "jobs/42/release"));
        assertEquals(Role.OPERATOR, ApiAccess.needed("POST", "jobs/42/cancel"));
        assertEquals(Role.OPERATOR, ApiAccess.needed("POST", "batch/jobs/purge"));
    }

    @Test
    void everyOtherChangeIsTheAdmins() {
        assertEquals(Role.ADMIN, ApiAccess.needed("POST", "endpoints"));
        assertEquals(Role.ADMIN, ApiAccess.needed("PUT", "endpoints/pages"));
        assertEquals(Role.ADMIN, ApiAccess.needed("DELETE", "endpoints/pages"));
        assertEquals(Role.ADMIN, ApiAccess.needed("PUT", "endpoints/pause"));
        assertEquals(Role.ADMIN, ApiAccess.needed("POST", "endpoints/pages/pause/extra"));
        assertEquals(Role.ADMIN, ApiAccess.needed("POST", "priority-rules"));
        assertEquals(Role.ADMIN, ApiAccess.needed("PUT", "priority-rules/settings"));
        assertEquals(Role.ADMIN, ApiAccess.needed("PUT", "settings"));
        assertEquals(Role.ADMIN, ApiAccess.needed("POST", "users"));
        assertEquals(Role.ADMIN, ApiAccess.needed("PATCH", "signals/x/y"));
    }

    @Test
    void rolesIncludeTheOnesBelow() {
        assertTrue(Role.ADMIN.includes(Role.OPERATOR));
        assertTrue(Role.OPERATOR.includes(Role.VIEWER));
        assertFalse(Role.VIEWER.includes(Role.OPERATOR));
        assertFalse(Role.OPERATOR.includes(Role.ADMIN));
        assertEquals(Role.OPERATOR, Role.named("operator").orElseThrow());
        assertTrue(Role.named("root").isEmpty());
    }
}
