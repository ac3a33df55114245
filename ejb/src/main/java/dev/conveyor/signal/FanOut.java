package dev.conveyor.signal;

import static dev.conveyor.endpoint.EndpointSettings.ASYNCHRONOUS;
import static dev.conveyor.endpoint.EndpointSettings.FAN_OUT;
import static dev.conveyor.endpoint.EndpointSettings.OPERATION_NAME;
import static dev.conveyor.endpoint.FanOutSpec.FRAGMENT_COUNT;
import static dev.conveyor.endpoint.FanOutSpec.FRAGMENT_IDENTIFIER;
import static dev.conveyor.endpoint.FanOutSpec.FRAGMENT_INDEX;

import dev.conveyor.endpoint.EndpointConfig;
import dev.conveyor.endpoint.FanOutSpec;
import dev.conveyor.endpoint.EndpointService;
import dev.conveyor.job.Fragments;
import dev.conveyor.job.BucketRules;
import dev.conveyor.job.Job;
import dev.conveyor.job.JobFactory;
import dev.conveyor.job.JobDispatcher;
import dev.conveyor.job.ResultSplit;
import dev.conveyor.job.Jobs;
import dev.conveyor.job.StageFolder;
import jakarta.ejb.Local;
import jakarta.ejb.LocalBean;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import dev.conveyor.files.Confinement;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The split half of a fan-out: a parent whose operation succeeded sends each result out as a
 * child job and waits for them. Done in the transaction that would have written the parent's
 * results; child ids follow from the parent's id and the index, so a repeat after a crash makes
 * the same children, not more.
 */
@Stateless
@LocalBean
@Local(ResultSplit.class)
@TransactionAttribute(TransactionAttributeType.MANDATORY)
public class FanOut implements ResultSplit {

    @PersistenceContext
    EntityManager em;

    @Inject
    EndpointService endpoints;

    @Inject
    JobDispatcher dispatcher;

    @Inject
    BucketRules priorities;

    @Inject
    Jobs jobs;

    private final Confinement confinement = Confinement.ofAllowedRoots();

    /** Whether the job's results fan out now: its endpoint fans out and the job has not been back from waiting. */
    @Override
    public boolean splits(EndpointConfig endpoint, Job job) {
        return endpoint.get(FAN_OUT).isPresent() && !job.hasWaited();
    }

    /** Splits the parent and parks it; empty when done, else why the parent fails instead. */
    @Override
    public Optional<String> split(Job parent, EndpointConfig endpoint) throws IOException {
        FanOutSpec spec = endpoint.get(FAN_OUT).orElseThrow();
        Optional<EndpointConfig> target = endpoints.config(spec.endpoint());
        if (target.isEmpty()) {
            return Optional.of("fanOut.endpoint '" + spec.endpoint() + "' does not exist; create it, then drop the file again");
        }
        EndpointConfig children = target.get();
        List<Path> fragments = Fragments.of(StageFolder.of(endpoint.folder(), parent.getId()).verify(confinement)
                .recordedRun(parent.getAttempts()));
        if (fragments.isEmpty()) {
            return Optional.of("operation '" + endpoint.get(OPERATION_NAME)
                    + "' made no results to fan out");
        }
        String count = Integer.toString(fragments.size());
        List<String> childIds = new ArrayList<>();
        BucketRules.Placement placement = priorities.current();
        for (int index = 1; index <= fragments.size(); index++) {
            String childId = UUID.nameUUIDFromBytes((parent.getId() + "/" + index).getBytes(StandardCharsets.UTF_8)).toString();
            String name = fragments.get(index - 1).getFileName().toString();
            StageFolder childStage = StageFolder.of(children.folder(), childId);
            Fragments.moveToChild(fragments.get(index - 1), childStage, name, confinement);
            if (jobs.find(childId).isEmpty()) {
                jobs.add(JobFactory.create(children, childId, childStage.input(name), Map.of(FRAGMENT_IDENTIFIER, parent.getId(),
                        FRAGMENT_INDEX, Integer.toString(index), FRAGMENT_COUNT, count), null, placement));
                childIds.add(childId);
            }
        }
        parent.putAttributes(Map.of(FRAGMENT_IDENTIFIER, parent.getId(), FRAGMENT_COUNT, count));
        parent.park(parent.getId());
        // The row exists before any child can notify, so the children never race to create it.
        Signal.lockedOrCreated(em, parent.getId());
        em.flush();
        if (children.get(ASYNCHRONOUS) && !childIds.isEmpty()) {
            dispatcher.queue(childIds);
        }
        return Optional.empty();
    }
}
