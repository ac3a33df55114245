package dev.conveyor.web;

import dev.conveyor.security.Role;
import jakarta.annotation.security.DeclareRoles;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/**
 * The API at /api: JSON, HTTP Basic ({@code ThrottledBasicAuthentication}); what each role may
 * call is {@code ApiAccess}'s rule, applied by {@code RoleCheck}.
 */
@ApplicationPath("api")
@DeclareRoles({Role.ADMIN_NAME, Role.OPERATOR_NAME, Role.VIEWER_NAME})
public class ConveyorApi extends Application {
}
