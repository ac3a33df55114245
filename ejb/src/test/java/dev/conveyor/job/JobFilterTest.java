package dev.conveyor.job;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JobFilterTest {

    @Test
    void noFilterListsEveryJobNewestFirst() {
        assertEquals("SELECT j FROM Job j WHERE 1 = 1 ORDER BY j.createdAt DESC, j.id", JobFilter.ALL.jpql());
        assertEquals(Map.of(), JobFilter.ALL.parameters());
    }

    @Test
    void eachGivenFilterAddsItsConditionAndParameter() {
        Instant since = Instant.parse("2026-11-30T20:00:00Z");
        JobFilter filter = new JobFilter("pages", JobState.FAILED, since, "Spec");
        assertEquals("SELECT j FROM Job j WHERE 1 = 1 AND j.endpoint = :endpoint AND j.state = :state AND j.createdAt >= :since"
                + " AND LOWER(j.source) LIKE :sourceText ESCAPE '!' ORDER BY j.createdAt DESC, j.id", filter.jpql());
        assertEquals(Map.of("endpoint", "pages", "state", JobState.FAILED, "since", since, "sourceText", "%spec%"), filter.parameters());
    }

    @Test
    void wildcardsInTheSearchedTextAreTakenLiterally() {
        assertEquals("%100!%!_done!!%", new JobFilter(null, null, null, "100%_DONE!").parameters().get("sourceText"));
    }
}
