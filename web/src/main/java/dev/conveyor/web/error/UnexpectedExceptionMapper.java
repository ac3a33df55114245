package dev.conveyor.web.error;

import dev.conveyor.common.ConveyorException;
import dev.conveyor.common.MessageId;
import jakarta.ejb.EJBException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Everything else: JAX-RS's own errors (unknown path, wrong method, wrong media type) keep their
 * status with a JSON body; anything unforeseen is a 500 whose details go to the log.
 */
@Provider
public class UnexpectedExceptionMapper implements ExceptionMapper<Exception> {

    private static final Logger LOG = Logger.getLogger(UnexpectedExceptionMapper.class.getName());

    @Override
    public Response toResponse(Exception e) {
        if (e instanceof EJBException ejb && ejb.getCause() instanceof ConveyorException conveyor) {
            return new ConveyorExceptionMapper().toResponse(conveyor);
        }
        if (e instanceof WebApplicationException web && web.getResponse().getStatus() < 500) {
            return Response.status(web.getResponse().getStatus()).type(MediaType.APPLICATION_JSON_TYPE)
                    .entity(new ErrorBody(MessageId.HTTP_ERROR.code(), MessageId.HTTP_ERROR.text(web.getMessage()), null))
                    .build();
        }
        LOG.log(Level.SEVERE, MessageId.UNEXPECTED.format(e), e);
        return Response.serverError().type(MediaType.APPLICATION_JSON_TYPE)
                .entity(new ErrorBody(MessageId.UNEXPECTED.code(), MessageId.UNEXPECTED.text(e.getClass().getSimpleName()), null))
                .build();
    }
}
