package dev.conveyor.job;

import dev.conveyor.common.ConveyorException;
import dev.conveyor.common.MessageId;
import dev.conveyor.endpoint.EndpointConfig;
import dev.conveyor.endpoint.EndpointService;
import dev.conveyor.files.Confinement;
import dev.conveyor.files.UnsafeFolderException;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Runs a failed or expired job again as a new job, on the source its end kept (in the failure or
 * expired folder). The kept source stays where it is, so the first job's record stays true: the
 * copy is admitted as a dropped file is, through the endpoint's input queue.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class JobRetry {

    /** The attribute that links a retry to the job it repeats. */
    public static final String RETRY_OF = "retry.of";

    @Inject
    JobService jobs;

    @Inject
    EndpointService endpoints;

    /** The new job's id. */
    public String retry(String jobId) {
        JobView failed = jobs.get(jobId);
        if (failed.state() != JobState.FAILED && failed.state() != JobState.EXPIRED) {
            throw new ConveyorException(MessageId.JOB_NOT_RETRYABLE, jobId, failed.state());
        }
        EndpointConfig endpoint = endpoints.config(failed.endpoint())
                .orElseThrow(() -> new ConveyorException(MessageId.ENDPOINT_NOT_FOUND, failed.endpoint()));
        Path watched = endpoint.folder().normalize();
        Path kept = keptSource(failed, watched).orElseThrow(() -> new ConveyorException(MessageId.JOB_SOURCE_NOT_KEPT, jobId,
                failed.results().isEmpty() ? "it has no kept files" : "only " + failed.results() + " was kept"));
        // Copied into the new job's stage folder, marked as a copy: if the job never commits,
        // recovery deletes it instead of running it as a dropped file.
        StageFolder copy = StageFolder.of(watched, JobIds.next());
        Admission admission;
        try {
            copyTree(kept, copy.createForCopy(Confinement.ofAllowedRoots()).input(failed.source()));
            admission = jobs.admitCopy(endpoint, copy, failed.source(), Map.of(RETRY_OF, jobId), null);
        } catch (UnsafeFolderException e) {
            deleteQuietly(copy);
            throw new ConveyorException(MessageId.JOB_SOURCE_NOT_KEPT, jobId, "what was kept holds a link: " + e.getMessage());
        } catch (IOException e) {
            deleteQuietly(copy);
            throw new UncheckedIOException("cannot copy " + kept + " for a retry", e);
        } catch (RuntimeException e) {
            deleteQuietly(copy);
            throw e;
        }
        if (admission.result() != Admission.Result.ACCEPTED) {
            deleteQuietly(copy);
            throw new ConveyorException(MessageId.RETRY_NOT_ACCEPTED, jobId, endpoint.name(), admission.result());
        }
        return admission.job().orElseThrow();
    }

    /** The source among the job's kept files: the entry named as the source was, beside the log. */
    static Optional<Path> keptSource(JobView job, Path watched) {
        return job.results().stream()
                .map(result -> watched.resolve(result).normalize())
                .filter(path -> path.startsWith(watched))
                .filter(path -> !path.getFileName().toString().equals(ResultPublisher.FAILURE_LOG)
                        && !path.getFileName().toString().equals(ResultPublisher.EXPIRED_LOG))
                .filter(Files::exists)
                .findFirst();
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path each : walk.toList()) {
                // The kept source lies where droppers can write: a link there would copy a file from anywhere.
                Confinement.requireNoLink(each);
                Path target = to.resolve(from.relativize(each).toString());
                if (Files.isDirectory(each, LinkOption.NOFOLLOW_LINKS)) {
                    Files.createDirectories(target);
                } else {
                    Files.createDirectories(target.getParent());
                    Files.copy(each, target, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }

    private static void deleteQuietly(StageFolder copy) {
        try {
            copy.delete();
        } catch (IOException e) {
            // Left behind under stage/: recovery deletes a copy no job took.
        }
    }
}
