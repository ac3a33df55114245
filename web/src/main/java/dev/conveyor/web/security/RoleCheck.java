package dev.conveyor.web.security;

import dev.conveyor.common.ConveyorException;
import dev.conveyor.common.MessageId;
import dev.conveyor.security.ApiAccess;
import dev.conveyor.security.Role;
import jakarta.annotation.Priority;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.ext.Provider;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Optional;

/** Lets a call through only when the caller's role includes the one {@link ApiAccess} says it needs; else a 403. */
@Provider
@Priority(Priorities.AUTHORIZATION)
public class RoleCheck implements ContainerRequestFilter {

    @Override
    public void filter(ContainerRequestContext request) {
        if (HttpMethod.OPTIONS.equals(request.getMethod())) {
            return; // a CORS preflight carries no credentials and changes nothing (CorsHeaders answers it)
        }
        SecurityContext security = request.getSecurityContext();
        Role needed = ApiAccess.needed(request.getMethod(), request.getUriInfo().getPath());
        Optional<Role> has = Arrays.stream(Role.values()).filter(role -> security.isUserInRole(role.roleName()))
                .max(Comparator.naturalOrder());
        if (has.isEmpty() || !has.get().includes(needed)) {
            String caller = security.getUserPrincipal() == null ? "anonymous" : security.getUserPrincipal().getName();
            throw new ConveyorException(MessageId.ROLE_TOO_LOW, request.getMethod(), "/api/" + request.getUriInfo().getPath(),
                    needed.roleName(), caller, has.map(Role::roleName).orElse("no user"));
        }
    }
}
