package dev.conveyor.web.security;

import dev.conveyor.common.ConveyorException;
import dev.conveyor.common.MessageId;
import dev.conveyor.security.AuditTrail;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonValue;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import jakarta.security.enterprise.SecurityContext;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.core.Response;
import java.security.Principal;
import java.util.function.Supplier;

/**
 * Records each change made through the API in the {@link AuditTrail}: the caller, the call
 * ({@code PUT /api/endpoints/pages}) and the subject's state before and after as JSON. A change
 * that is refused changes nothing and is not recorded.
 */
@RequestScoped
public class Audit {

    private static final Jsonb JSON = JsonbBuilder.create();
    private static final int MAX_ACTION_LENGTH = 600;

    @Inject
    AuditTrail trail;

    @Inject
    SecurityContext security;

    @Inject
    HttpServletRequest request;

    /** Runs {@code change} and records it; {@code before} reads the subject first (null for a new one). */
    public <T> T change(Supplier<?> before, Supplier<T> change) {
        String beforeState = before == null ? null : stateBefore(before);
        T result = change.get();
        Object after = result instanceof Response response ? response.getEntity() : result;
        trail.record(actor(), action(), beforeState, after == null ? null : JSON.toJson(after));
        return result;
    }

    /** A change with nothing to show after it (a deletion). */
    public void change(Supplier<?> before, Runnable change) {
        change(before, () -> {
            change.run();
            return null;
        });
    }

    private static String stateBefore(Supplier<?> before) {
        try {
            Object state = before.get();
            return state instanceof JsonValue json ? json.toString() : JSON.toJson(state);
        } catch (ConveyorException e) {
            if (e.id().kind() == MessageId.Kind.NOT_FOUND) {
                return null;
            }
            throw e;
        }
    }

    private String actor() {
        Principal caller = security.getCallerPrincipal();
        return caller == null ? "anonymous" : caller.getName();
    }

    private String action() {
        String action = request.getMethod() + " " + request.getRequestURI();
        return action.length() <= MAX_ACTION_LENGTH ? action : action.substring(0, MAX_ACTION_LENGTH);
    }
}
