package dev.conveyor.web.security;

import dev.conveyor.common.ConveyorHome;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.Provider;

/**
 * CORS for the origins listed in CONVEYOR_CORS_ORIGINS, and for no one else: without the list
 * no response carries a CORS header, so browsers keep other sites' pages from reading the API.
 */
@Provider
public class CorsHeaders implements ContainerResponseFilter {

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        String origin = request.getHeaderString("Origin");
        if (origin == null || !ConveyorHome.corsOrigins().contains(origin)) {
            return;
        }
        MultivaluedMap<String, Object> headers = response.getHeaders();
        headers.putSingle("Access-Control-Allow-Origin", origin);
        headers.putSingle("Access-Control-Allow-Credentials", "true");
        headers.add("Vary", "Origin");
        if (HttpMethod.OPTIONS.equals(request.getMethod())) {
            headers.putSingle("Access-Control-Allow-Methods", "GET, POST, PUT, DELETE");
            headers.putSingle("Access-Control-Allow-Headers", "Authorization, Content-Type");
            headers.putSingle("Access-Control-Max-Age", "600");
        }
    }
}
