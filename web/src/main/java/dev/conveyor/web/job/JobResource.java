package dev.conveyor.web.job;

import dev.conveyor.common.ConveyorException;
import dev.conveyor.common.MessageId;
import dev.conveyor.job.JobFilter;
import dev.conveyor.job.JobPage;
import dev.conveyor.job.JobRetry;
import dev.conveyor.job.JobService;
import dev.conveyor.job.JobState;
import dev.conveyor.job.JobView;
import dev.conveyor.web.openapi.ApiSchemas;
import jakarta.inject.Inject;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/** /api/jobs: what happened to each file, and retrying a job that failed (releasing a waiting one: WaitingJobResource). */
@Path("jobs")
@Produces(MediaType.APPLICATION_JSON)
public class JobResource {

    static final int MAX_LIMIT = 10_000;
    static final int MAX_PAGE = 1_000_000;
    /** Response header of a listing: "true" when a next page has jobs. */
    static final String HAS_MORE = "X-Has-More";

    @Inject
    JobService jobs;

    @Inject
    JobRetry retries;

    /** Newest first, filtered by endpoint, state, creation time and text in the source name when given; page {@code page} of {@code limit}. */
    @GET
    @APIResponse(responseCode = "200", description = "Jobs, newest first.",
            headers = @Header(name = JobResource.HAS_MORE, description = "true when a next page has jobs.", schema = @Schema(type = SchemaType.BOOLEAN)), content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = ApiSchemas.JOBS)))
    public Response list(@QueryParam("endpoint") String endpoint, @QueryParam("state") String state,
                         @QueryParam("since") String since, @QueryParam("q") String text,
                         @QueryParam("page") @DefaultValue("0") String page,
                         @QueryParam("limit") @DefaultValue("100") String limit) {
        JobFilter filter = new JobFilter(blankToNull(endpoint), state(blankToNull(state)), since(blankToNull(since)), blankToNull(text));
        JobPage listed = jobs.page(filter, number("page", page, 0, MAX_PAGE), number("limit", limit, 1, MAX_LIMIT));
        return Response.ok(listed.jobs()).header(HAS_MORE, listed.hasMore()).build();
    }

    @GET
    @Path("{id}")
    public JobView get(@PathParam("id") String id) {
        return jobs.get(id);
    }

    /** The job's failure.log or expired.log as text; 204 when it has none. */
    @GET
    @Path("{id}/log")
    @Produces(MediaType.TEXT_PLAIN + ";charset=UTF-8")
    @APIResponse(responseCode = "200", description = "The job's failure.log or expired.log.", content = @Content(mediaType = MediaType.TEXT_PLAIN, schema = @Schema(type = SchemaType.STRING)))
    @APIResponse(responseCode = "204", description = "The job has no log.")
    public Response log(@PathParam("id") String id) {
        return jobs.endLog(id).map(text -> Response.ok(text)).orElseGet(Response::noContent).build();
    }

    /** A new job on the source a failed or expired job kept (201, Location of the new job). */
    @POST
    @Path("{id}/retry")
    @APIResponse(responseCode = "201", description = "The new job; Location is its URL.", content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = ApiSchemas.JOB)))
    public Response retry(@PathParam("id") String id, @Context UriInfo uri) {
        String retried = retries.retry(id);
        return Response.created(uri.getBaseUriBuilder().path("jobs/{id}").build(retried)).entity(jobs.get(retried)).build();
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

    private static Instant since(String since) {
        if (since == null) {
            return null;
        }
        try {
            return Instant.parse(since);
        } catch (DateTimeParseException e) {
            throw new ConveyorException(MessageId.INVALID_QUERY_PARAMETER, "since",
                    "must be an ISO-8601 instant such as 2026-11-30T21:00:00Z, was '" + since + "'");
        }
    }

    private static int number(String name, String value, int min, int max) {
        try {
            int number = Integer.parseInt(value);
            if (number >= min && number <= max) {
                return number;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new ConveyorException(MessageId.INVALID_QUERY_PARAMETER, name,
                "must be a whole number from " + min + " to " + max + ", was '" + value + "'");
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }
}
