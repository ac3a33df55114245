package dev.conveyor.batch;

import dev.conveyor.job.JobState;
import jakarta.json.Json;
import jakarta.json.JsonObjectBuilder;
import java.time.Instant;
import java.util.Map;

/** The job-count report's content: plain Java, so its shape is tested without a container. */
public final class JobCountReport {

    private JobCountReport() {
    }

    public static String toJson(Map<String, Map<JobState, Long>> counts, Instant at) {
        JsonObjectBuilder endpoints = Json.createObjectBuilder();
        long total = 0;
        for (var endpoint : counts.entrySet()) {
            JsonObjectBuilder states = Json.createObjectBuilder();
            for (var state : endpoint.getValue().entrySet()) {
                states.add(state.getKey().name(), state.getValue());
                total += state.getValue();
            }
            endpoints.add(endpoint.getKey(), states);
        }
        return Json.createObjectBuilder()
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
