package dev.conveyor.web.error;

import dev.conveyor.common.ConveyorException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** Turns Conveyor's exceptions into a 4xx (or 500) with the message id and sentence. */
@Provider
public class ConveyorExceptionMapper implements ExceptionMapper<ConveyorException> {

    @Override
    public Response toResponse(ConveyorException e) {
        Response.Status status = switch (e.id().kind()) {
            case NOT_FOUND -> Response.Status.NOT_FOUND;
            case CONFLICT -> Response.Status.CONFLICT;
            case INVALID -> Response.Status.BAD_REQUEST;
            case UNAUTHENTICATED -> Response.Status.UNAUTHORIZED;
            case FORBIDDEN -> Response.Status.FORBIDDEN;
            case UNSUPPORTED -> Response.Status.UNSUPPORTED_MEDIA_TYPE;
            case THROTTLED -> Response.Status.TOO_MANY_REQUESTS;
            case INTERNAL -> Response.Status.INTERNAL_SERVER_ERROR;
        };
        return Response.status(status).type(MediaType.APPLICATION_JSON_TYPE)
                .entity(new ErrorBody(e.id().code(), e.getMessage(), e.field())).build();
    }
}
