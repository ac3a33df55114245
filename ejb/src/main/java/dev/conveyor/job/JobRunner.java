package dev.conveyor.job;

import dev.conveyor.common.MessageId;
import dev.conveyor.endpoint.Endpoint;
import dev.conveyor.operation.Document;
import dev.conveyor.operation.Operation;
import dev.conveyor.operation.OperationCatalog;
import dev.conveyor.operation.OperationContext;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/** Runs a job's operation on its staged source. */
@Stateless
public class JobRunner {

    private static final Logger LOG = Logger.getLogger(JobRunner.class.getName());

    @PersistenceContext
    EntityManager em;

    @Inject
    OperationCatalog operations;

    /**
     * Marks the job RUNNING and commits at once, so the state is visible while the operation
     * runs. Empty when there is nothing to run: the job is finished already (a repeated delivery)
     * or gone.
     */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public Optional<RunRequest> start(String jobId) {
        Job job = em.find(Job.class, jobId, LockModeType.PESSIMISTIC_WRITE);
        if (job == null || job.getState().isFinished()) {
            return Optional.empty();
        }
        Endpoint endpoint = em.find(Endpoint.class, job.getEndpoint());
        if (endpoint == null) {
            return Optional.empty();
        }
        job.moveTo(JobState.RUNNING);
        return Optional.of(new RunRequest(jobId, endpoint.getOperationName(), endpoint.folder(), job.getSource()));
    }

    /**
     * Runs the operation outside any transaction: it may take long, and its work is files.
     * A failure of the operation is an outcome, not an exception.
     */
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public Outcome execute(RunRequest request) {
        StageFolder stage = StageFolder.of(request.watchedFolder(), request.jobId());
        Path input = stage.input(request.source());
        Optional<Operation> operation = operations.find(request.operationName());
        if (operation.isEmpty()) {
            return Outcome.failure(request.jobId(), MessageId.OPERATION_FAILED.format(request.operationName(), request.source(),
                    "no such operation is installed"));
        }
        try {
            // A rerun after a crash starts from empty work and output folders, so no half result survives.
            ResultFiles.deleteTree(stage.work());
            ResultFiles.deleteTree(stage.output());
            Files.createDirectories(stage.output());
            Map<String, Object> outputs = operation.get().run(
                    new OperationContext(Map.of(Operation.INPUT, Document.of(input)), Files.createDirectories(stage.work())));
            for (Object value : outputs.values()) {
                if (value instanceof Document document) {
                    ResultFiles.moveInto(document.path(), stage.output(), document.name());
                }
            }
            ResultFiles.deleteTree(stage.work());
            return Outcome.success(request.jobId());
        } catch (Exception e) {
            String reason = MessageId.OPERATION_FAILED.format(request.operationName(), request.source(), e);
            LOG.log(Level.INFO, reason, e);
            return Outcome.failure(request.jobId(), reason);
        }
    }
}
