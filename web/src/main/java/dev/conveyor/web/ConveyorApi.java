package dev.conveyor.web;

import jakarta.annotation.security.DeclareRoles;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** The admin API at /api: JSON, HTTP Basic authentication as user {@code admin} (see AdminIdentityStore). */
@ApplicationPath("api")
@DeclareRoles(ConveyorApi.ADMIN_ROLE)
public class ConveyorApi extends Application {

    public static final String ADMIN_ROLE = "admin";
}
