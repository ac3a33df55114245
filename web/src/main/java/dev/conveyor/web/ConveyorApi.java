package dev.conveyor.web;

import jakarta.annotation.security.DeclareRoles;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import java.util.List;

/** The admin API at /api: JSON, HTTP Basic authentication as user {@code admin} (see AdminIdentityStore). */
@ApplicationPath("api")
@DeclareRoles(ConveyorApi.ADMIN_ROLE)
public class ConveyorApi extends Application {

    public static final String ADMIN_ROLE = "admin";

    /** Every role a caller may have. */
    public static final List<String> ROLES = List.of(ADMIN_ROLE);
}
