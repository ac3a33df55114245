package dev.conveyor.web.batch;

import dev.conveyor.common.BatchJobs;
import dev.conveyor.common.ConveyorException;
import dev.conveyor.common.MessageId;
import dev.conveyor.web.openapi.ApiSchemas;
import dev.conveyor.web.security.Audit;
import jakarta.batch.operations.JobOperator;
import jakarta.batch.operations.NoSuchJobExecutionException;
import jakarta.batch.runtime.BatchRuntime;
import jakarta.batch.runtime.JobExecution;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.Date;
import java.util.Properties;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/** /api/batch: starts Conveyor's batch jobs and reports on their executions. */
@Path("batch")
@Produces(MediaType.APPLICATION_JSON)
public class BatchResource {

    @Inject
    Audit audit;

    public record ExecutionView(long executionId, String jobName, String status, String exitStatus,
                                @Schema(type = SchemaType.STRING, format = "date-time") Date startTime,
                                @Schema(type = SchemaType.STRING, format = "date-time") Date endTime) {

        static ExecutionView of(JobExecution e) {
            return new ExecutionView(e.getExecutionId(), e.getJobName(), e.getBatchStatus().name(), e.getExitStatus(),
                    e.getStartTime(), e.getEndTime());
        }
    }

    @POST
    @Path("jobs/{name}")
    @APIResponse(responseCode = "202", description = "Started; Location is the execution's URL.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = ApiSchemas.EXECUTION)))
    public Response start(@PathParam("name") String name, @Context UriInfo uri) {
        if (!BatchJobs.ALL.contains(name)) {
            throw new ConveyorException(MessageId.BATCH_JOB_NOT_FOUND, name, BatchJobs.ALL);
        }
        return audit.change(null, () -> {
            JobOperator operator = BatchRuntime.getJobOperator();
            long id = operator.start(name, new Properties());
            return Response.accepted(ExecutionView.of(operator.getJobExecution(id)))
                    .location(uri.getBaseUriBuilder().path("batch/executions/{id}").build(id)).build();
        });
    }

    @GET
    @Path("executions/{id}")
    public ExecutionView execution(@PathParam("id") long id) {
        try {
            return ExecutionView.of(BatchRuntime.getJobOperator().getJobExecution(id));
        } catch (NoSuchJobExecutionException e) {
            throw new ConveyorException(MessageId.BATCH_EXECUTION_NOT_FOUND, id);
        }
    }
}
