package dev.conveyor.web.signal;

import dev.conveyor.job.JobView;
import dev.conveyor.signal.WaitingRoom;
import jakarta.inject.Inject;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.SecurityContext;

/**
 * POST /api/jobs/{id}/release and /cancel: an operator's word on one waiting job. A resource of
 * its own (its path is more specific than JobResource's, so only these two calls come here)
 * because the waiting room belongs to the signals.
 */
@Path("jobs/{id}/{action: release|cancel}")
@Produces(MediaType.APPLICATION_JSON)
public class WaitingJobResource {

    @Inject
    WaitingRoom waiting;

    /** release: the job goes on now, whatever its signal counts. cancel: it ends EXPIRED, source and expired.log in the expired folder. */
    @POST
    public JobView act(@PathParam("id") String id, @PathParam("action") String action, @Context SecurityContext caller) {
        if (action.equals("release")) {
            return waiting.releaseJob(id);
        }
        return waiting.cancel(id, caller.getUserPrincipal() == null ? "an operator" : caller.getUserPrincipal().getName());
    }
}
