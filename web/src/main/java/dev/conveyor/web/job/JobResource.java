package dev.conveyor.web.job;

import dev.conveyor.common.ConveyorException;
import dev.conveyor.common.MessageId;
import dev.conveyor.job.JobService;
import dev.conveyor.job.JobState;
import dev.conveyor.job.JobView;
import jakarta.inject.Inject;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.Arrays;
import java.util.List;

/** /api/jobs: what happened to each file. */
@Path("jobs")
@Produces(MediaType.APPLICATION_JSON)
public class JobResource {

    static final int MAX_LIMIT = 10_000;

    @Inject
    JobService jobs;

    /** Newest first, filtered by endpoint and state when given. */
    @GET
    public List<JobView> list(@QueryParam("endpoint") String endpoint, @QueryParam("state") String state,
                              @QueryParam("limit") @DefaultValue("100") String limit) {
        return jobs.list(blankToNull(endpoint), state(blankToNull(state)), limit(limit));
    }

    @GET
    @Path("{id}")
    public JobView get(@PathParam("id") String id) {
        return jobs.get(id);
    }

    private static JobState state(String state) {
        if (state == null) {
            return null;
        }
        try {
            return JobState.valueOf(state);
        } catch (IllegalArgumentException e) {
            throw new ConveyorException(MessageId.INVALID_QUERY_PARAMETER, "state",
                    "'" + state + "' is not a job state; use one of " + Arrays.toString(JobState.values()));
        }
    }

    private static int limit(String limit) {
        try {
            int value = Integer.parseInt(limit);
            if (value >= 1 && value <= MAX_LIMIT) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new ConveyorException(MessageId.INVALID_QUERY_PARAMETER, "limit",
                "must be a whole number from 1 to " + MAX_LIMIT + ", was '" + limit + "'");
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }
}
