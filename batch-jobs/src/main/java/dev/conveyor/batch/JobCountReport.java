package dev.conveyor.batch;

import static dev.conveyor.common.JsonText.JSON;

import dev.conveyor.job.JobState;
import jakarta.json.JsonObjectBuilder;
import java.time.Instant;
import java.util.Map;

/** The job-count report's content: plain Java, so its shape is tested without a container. */
public final class JobCountReport {

    private JobCountReport() {
    }

    public static String toJson(Map<String, Map<JobState, Long>> counts, Instant at) {
        JsonObjectBuilder endpoints = JSON.createObjectBuilder();
        long total = 0;
        for (var endpoint : counts.entrySet()) {
            JsonObjectBuilder states = JSON.createObjectBuilder();
            for (var state : endpoint.getValue().entrySet()) {
                states.add(state.getKey().name(), state.getValue());
                total += state.getValue();
            }
            endpoints.add(endpoint.getKey(), states);
        }
        return JSON.createObjectBuilder()
                .add("generatedAt", at.toString())
                .add("totalJobs", total)
                .add("endpoints", endpoints)
                .build().toString();
    }

    /** The batch exit status: short enough for the job repository's column. */
    public static String summary(Map<String, Map<JobState, Long>> counts) {
        long total = counts.values().stream().flatMap(states -> states.values().stream()).mapToLong(Long::longValue).sum();
        return total + " jobs across " + counts.size() + " endpoints";
    }
}
