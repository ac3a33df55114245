package dev.conveyor.security;

import dev.conveyor.common.ConveyorException;
import dev.conveyor.common.MessageId;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What keeps another site's page from changing things with a browser's stored credentials. A
 * browser sends a form or a "simple" request (text/plain, form data) to any site without asking
 * first, and says where the page came from in {@code Origin}. So a change must carry JSON (which
 * a browser sends cross-site only after a CORS preflight this server does not answer) or no body,
 * and must not come from a foreign origin. Programs (curl, the client library) send no Origin.
 */
public final class CrossSiteRules {

    private static final Set<String> CHANGING = Set.of("POST", "PUT", "DELETE", "PATCH");

    private CrossSiteRules() {
    }

    /**
     * Throws the refusal of a call, if any. {@code contentType} and {@code origin} are the
     * request's headers (null when absent); {@code ownOrigin} is the server's, as the request
     * addressed it ({@code http://localhost:8080}); {@code allowed} are configured extra origins.
     */
    public static void check(String method, String contentType, boolean hasBody, String origin, String ownOrigin, List<String> allowed) {
        if (!CHANGING.contains(method.toUpperCase(Locale.ROOT))) {
            return;
        }
        if (origin != null && !sameOrigin(origin, ownOrigin) && allowed.stream().noneMatch(other -> sameOrigin(origin, other))) {
            throw new ConveyorException(MessageId.FOREIGN_ORIGIN, origin, allowed.isEmpty() ? "" : " and " + String.join(", ", allowed));
        }
        if (hasBody && !isJson(contentType)) {
            throw new ConveyorException(MessageId.NOT_JSON, contentType == null ? "no Content-Type" : contentType);
        }
    }

    private static boolean isJson(String contentType) {
        if (contentType == null) {
            return false;
        }
        String type = contentType.split(";", 2)[0].strip().toLowerCase(Locale.ROOT);
        return type.equals("application/json");
    }

    private static boolean sameOrigin(String origin, String other) {
        return origin.strip().toLowerCase(Locale.ROOT).equals(other.strip().toLowerCase(Locale.ROOT));
    }
}
