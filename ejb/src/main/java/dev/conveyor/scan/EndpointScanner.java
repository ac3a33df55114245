package dev.conveyor.scan;

import dev.conveyor.common.MessageId;
import dev.conveyor.endpoint.Endpoint;
import dev.conveyor.endpoint.EndpointState;
import dev.conveyor.endpoint.FilePattern;
import dev.conveyor.job.JobCompletion;
import dev.conveyor.job.JobDispatcher;
import dev.conveyor.job.JobRunner;
import dev.conveyor.job.JobService;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One scan of one endpoint: pick the batch, claim each file as a job, then either queue the
 * claimed jobs (asynchronous endpoints) or run them here and now (synchronous ones). Each claim
 * is its own transaction, so one file that cannot be moved never holds back the others.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class EndpointScanner {

    private static final Logger LOG = Logger.getLogger(EndpointScanner.class.getName());

    @PersistenceContext
    EntityManager em;

    @Inject
    JobService jobs;

    @Inject
    JobDispatcher dispatcher;

    @Inject
    JobRunner runner;

    @Inject
    JobCompletion completion;

    /**
     * Starts what an earlier scan left STAGED (a dispatch that failed, a crash between claim and
     * dispatch), then claims new files. Returns how many files were claimed.
     */
    public int scan(String endpointName) throws IOException {
        Endpoint endpoint = em.find(Endpoint.class, endpointName);
        if (endpoint == null || endpoint.getState() != EndpointState.ENABLED) {
            return 0;
        }
        List<String> toStart = new ArrayList<>(jobs.staged(endpointName));
        Path folder = endpoint.folder();
        int claimed = 0;
        for (Path file : BatchSelector.oldest(folder, FilePattern.of(endpoint.getIncludeFilePattern()), endpoint.getBatchSize())) {
            Optional<String> jobId = jobs.claim(endpointName, folder, file);
            if (jobId.isPresent()) {
                claimed++;
                toStart.add(jobId.get());
            }
        }
        start(endpoint, toStart);
        return claimed;
    }

    private void start(Endpoint endpoint, List<String> jobIds) {
        if (jobIds.isEmpty()) {
            return;
        }
        if (!endpoint.isAsynchronous()) {
            jobIds.forEach(jobId -> runner.start(jobId).map(runner::execute).ifPresent(completion::complete));
            return;
        }
        try {
            dispatcher.dispatch(jobIds);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, MessageId.DISPATCH_FAILED.format(jobIds.size(), e), e);
        }
    }
}
