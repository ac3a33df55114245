package dev.conveyor.web;

import dev.conveyor.security.Role;
import jakarta.annotation.security.DeclareRoles;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import java.util.Map;

/**
 * The API at /api: JSON, HTTP Basic ({@code ThrottledBasicAuthentication}); what each role may
 * call is {@code ApiAccess}'s rule, applied by {@code RoleCheck}.
 */
@ApplicationPath("api")
@DeclareRoles({Role.ADMIN_NAME, Role.OPERATOR_NAME, Role.VIEWER_NAME})
public class ConveyorApi extends Application {

    /**
     * Jersey, Payara's JAX-RS, answers an OPTIONS call with a WADL description of the resource
     * (every method, parameter and sub-resource, and Jersey's own version) unless told not to.
     * OPTIONS goes without credentials so that a browser's CORS preflight gets through (web.xml),
     * so that description went to anyone who asked; the API's documented description is the
     * OpenAPI document, behind sign-in. Without it, an OPTIONS call is answered with the methods
     * allowed and no body. The property is Jersey's, named as a string to keep its classes out of
     * the application's.
     */
    @Override
    public Map<String, Object> getProperties() {
        return Map.of("jersey.config.server.wadl.disableWadl", true);
    }
}
