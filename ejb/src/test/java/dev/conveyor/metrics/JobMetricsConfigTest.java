package dev.conveyor.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** The histogram buckets of the job timers name the timers JobMetrics registers, with durations Payara can read. */
class JobMetricsConfigTest {

    private static Map<String, List<String>> timerBuckets() throws IOException {
        Properties config = new Properties();
        try (InputStream in = JobMetrics.class.getResourceAsStream("/META-INF/microprofile-config.properties")) {
            assertNotNull(in, "ejb's META-INF/microprofile-config.properties");
            config.load(in);
        }
        String value = config.getProperty("mp.metrics.distribution.timer.buckets");
        assertNotNull(value, config::toString);
        Map<String, List<String>> buckets = new LinkedHashMap<>();
        for (String timer : value.split(";")) {
            String[] nameAndValues = timer.split("=");
            buckets.put(nameAndValues[0], Arrays.asList(nameAndValues[1].split(",")));
        }
        return buckets;
    }

    @Test
    void theJobDurationAndTheBucketWaitHaveBucketsOfWholeMillisecondsSecondsOrMinutes() throws IOException {
        Map<String, List<String>> buckets = timerBuckets();
        assertEquals(List.of(MetricNames.JOB_DURATION, MetricNames.BUCKET_WAIT), List.copyOf(buckets.keySet()));
        for (List<String> values : buckets.values()) {
            // Payara's parser takes a whole number with ms, s, m or h; anything else is dropped with a log line.
            assertTrue(values.stream().allMatch(bucket -> bucket.matches("[0-9]+(ms|s|m|h)")), values::toString);
            assertTrue(values.size() >= 10, values::toString);
        }
    }
}
