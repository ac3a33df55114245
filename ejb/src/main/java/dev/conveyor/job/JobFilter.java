package dev.conveyor.job;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * What a job listing is narrowed to: endpoint, state, created at or after {@code since}, and text
 * in the source name ({@code sourceText}, case-insensitive); each may be null. The listing is
 * newest first, so every filter walks one of Job's (…, createdAt) indexes from its end and stops
 * at the page it needs.
 */
public record JobFilter(String endpoint, JobState state, Instant since, String sourceText) {

    public static final JobFilter ALL = new JobFilter(null, null, null, null);

    /** The JPQL of the listing, with {@link #parameters()} to bind. */
    String jpql() {
        StringBuilder jpql = new StringBuilder("SELECT j FROM Job j WHERE 1 = 1");
        if (endpoint != null) {
            jpql.append(" AND j.endpoint = :endpoint");
        }
        if (state != null) {
            jpql.append(" AND j.state = :state");
        }
        if (since != null) {
            jpql.append(" AND j.createdAt >= :since");
        }
        if (sourceText != null) {
            jpql.append(" AND LOWER(j.source) LIKE :sourceText ESCAPE '!'");
        }
        return jpql.append(" ORDER BY j.createdAt DESC, j.id").toString();
    }

    Map<String, Object> parameters() {
        Map<String, Object> parameters = new LinkedHashMap<>();
        if (endpoint != null) {
            parameters.put("endpoint", endpoint);
        }
        if (state != null) {
            parameters.put("state", state);
        }
        if (since != null) {
            parameters.put("since", since);
        }
        if (sourceText != null) {
            parameters.put("sourceText", "%" + likeEscaped(sourceText.toLowerCase(Locale.ROOT)) + "%");
        }
        return parameters;
    }

    /** The text with LIKE's wildcards taken literally: searching "a_b" finds "a_b", not "axb". */
    static String likeEscaped(String text) {
        return text.replace("!", "!!").replace("%", "!%").replace("_", "!_");
    }
}
