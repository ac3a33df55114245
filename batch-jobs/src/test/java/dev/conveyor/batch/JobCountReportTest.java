package dev.conveyor.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.conveyor.job.JobState;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.time.Instant;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JobCountReportTest {

    private static final Instant AT = Instant.parse("2024-03-01T10:15:30Z");

    private static Map<String, Map<JobState, Long>> counts() {
        Map<JobState, Long> invoices = new EnumMap<>(JobState.class);
        invoices.put(JobState.SUCCEEDED, 40L);
        invoices.put(JobState.FAILED, 2L);
        Map<JobState, Long> scans = new EnumMap<>(JobState.class);
        scans.put(JobState.QUEUED, 5L);
        Map<String, Map<JobState, Long>> counts = new LinkedHashMap<>();
        counts.put("invoices", invoices);
        counts.put("scans", scans);
        return counts;
    }

    private static JsonObject parse(String json) {
        try (var reader = Json.createReader(new StringReader(json))) {
            return reader.readObject();
        }
    }

    @Test
    void jsonHoldsTimeTotalAndCountsPerEndpointAndState() {
        JsonObject report = parse(JobCountReport.toJson(counts(), AT));

        assertEquals("2024-03-01T10:15:30Z", report.getString("generatedAt"));
        assertEquals(47, report.getJsonNumber("totalJobs").longValueExact());
        JsonObject endpoints = report.getJsonObject("endpoints");
        assertEquals(2, endpoints.size());
        assertEquals(Map.of("SUCCEEDED", 40L, "FAILED", 2L), counts(endpoints.getJsonObject("invoices")));
        assertEquals(Map.of("QUEUED", 5L), counts(endpoints.getJsonObject("scans")));
    }

    @Test
    void jsonIsCompactWithFieldsInAFixedOrder() {
        Map<String, Map<JobState, Long>> counts = Map.of("a", Map.of(JobState.RUNNING, 1L));
        assertEquals("{\"generatedAt\":\"2024-03-01T10:15:30Z\",\"totalJobs\":1,\"endpoints\":{\"a\":{\"RUNNING\":1}}}",
                JobCountReport.toJson(counts, AT));
    }

    @Test
    void countsBeyondIntegerRangeAreKept() {
        long many = 3_000_000_000L;
        JsonObject report = parse(JobCountReport.toJson(Map.of("big", Map.of(JobState.SUCCEEDED, many)), AT));
        assertEquals(many, report.getJsonNumber("totalJobs").longValueExact());
        assertEquals(many, report.getJsonObject("endpoints").getJsonObject("big").getJsonNumber("SUCCEEDED").longValueExact());
    }

    @Test
    void endpointNamesAreEscaped() {
        String name = "quote\" and \\ backslash";
        JsonObject report = parse(JobCountReport.toJson(Map.of(name, Map.of(JobState.FAILED, 1L)), AT));
        assertEquals(1, report.getJsonObject("endpoints").getJsonObject(name).getInt("FAILED"));
    }

    @Test
    void noJobsGiveAnEmptyReport() {
        JsonObject report = parse(JobCountReport.toJson(Map.of(), AT));
        assertEquals(0, report.getJsonNumber("totalJobs").longValueExact());
        assertEquals(0, report.getJsonObject("endpoints").size());
    }

    @Test
    void endpointWithoutJobsIsListedEmpty() {
        JsonObject report = parse(JobCountReport.toJson(Map.of("idle", Map.of()), AT));
        assertEquals(0, report.getJsonObject("endpoints").getJsonObject("idle").size());
    }

    @Test
    void summaryCountsJobsAndEndpoints() {
        assertEquals("47 jobs across 2 endpoints", JobCountReport.summary(counts()));
        assertEquals("0 jobs across 0 endpoints", JobCountReport.summary(Map.of()));
        assertEquals("0 jobs across 1 endpoints", JobCountReport.summary(Map.of("idle", Map.of())));
    }

    private static Map<String, Long> counts(JsonObject states) {
        Map<String, Long> counts = new LinkedHashMap<>();
        states.forEach((state, value) -> counts.put(state, ((jakarta.json.JsonNumber) value).longValueExact()));
        return counts;
    }
}
