package dev.conveyor.web.security;

import dev.conveyor.common.ConveyorHome;
import dev.conveyor.security.CrossSiteRules;
import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.ext.Provider;
import java.net.URI;

/** Refuses changes sent by another site's page ({@link CrossSiteRules}), before anything else looks at them. */
@Provider
@PreMatching
@Priority(Priorities.AUTHENTICATION)
public class CrossSiteCheck implements ContainerRequestFilter {

    @Override
    public void filter(ContainerRequestContext request) {
        URI base = request.getUriInfo().getBaseUri();
        String ownOrigin = base.getScheme() + "://" + base.getRawAuthority();
        CrossSiteRules.check(request.getMethod(), request.getHeaderString(HttpHeaders.CONTENT_TYPE), request.hasEntity(),
                request.getHeaderString("Origin"), ownOrigin, ConveyorHome.corsOrigins());
    }
}
