package dev.conveyor.job;

import dev.conveyor.endpoint.Endpoint;
import dev.conveyor.endpoint.EndpointConfig;
import dev.conveyor.endpoint.SettingValues;
import dev.conveyor.files.Confinement;
import dev.conveyor.operation.Operation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/** A job "job-1" claimed into the stage folder of an endpoint watching {@code <root>/in}, for a test to run its operation. */
record StagedJob(Path watched, Confinement confinement, StageFolder stage) {

    static StagedJob below(Path root) throws IOException {
        Path watched = Files.createDirectories(root.resolve("in"));
        Confinement confinement = new Confinement(List.of(root));
        return new StagedJob(watched, confinement, StageFolder.of(watched, "job-1").create(confinement));
    }

    /** Runs the job's first attempt on {@code source}, staged by the caller, as a worker would, with the endpoint's {@code settings}. */
    Outcome run(Operation operation, SettingValues settings, String source) throws Exception {
        Endpoint endpoint = new Endpoint("invoices", Instant.EPOCH);
        endpoint.setGiven(settings, watched);
        EndpointConfig config = endpoint.config(SettingValues.EMPTY);
        return StagedRun.run(new RunRequest("job-1", config, source, null, false, 1), operation, confinement);
    }
}
