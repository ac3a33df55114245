package dev.conveyor.endpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class EndpointDefinitionTest {

    private static final EndpointDefinition NOTHING_GIVEN =
            new EndpointDefinition(null, null, null, null, null, null, null, null, null, null);

    @Test
    void defaultsAreTheManuals() {
        assertEquals(new EndpointDefinition(null, null, null, true, 5, 2, "*",
                "result/%Y/%M/%D/", "preserve/%Y/%M/%D/", "failure/%Y/%M/%D/"), EndpointDefinition.DEFAULTS);
    }

    @Test
    void withDefaultsFillsOnlyWhatIsMissing() {
        EndpointDefinition given = new EndpointDefinition("invoices", "in/invoices", "copy", null, 30, null, "*.pdf",
                null, "", null);
        assertEquals(new EndpointDefinition("invoices", "in/invoices", "copy", true, 30, 2, "*.pdf",
                "result/%Y/%M/%D/", "", "failure/%Y/%M/%D/"), given.withDefaults());
    }

    @Test
    void givenFalseAndZeroAreKeptOverDefaults() {
        EndpointDefinition given = new EndpointDefinition(null, null, null, false, 0, 0, null, null, null, null);
        EndpointDefinition complete = given.withDefaults();
        assertEquals(false, complete.asynchronous());
        assertEquals(0, complete.repeatInterval());
        assertEquals(0, complete.batchSize());
    }

    @Test
    void nothingGivenIsTheDefaults() {
        assertEquals(EndpointDefinition.DEFAULTS, NOTHING_GIVEN.withDefaults());
    }

    @Test
    void overLaysAPartialChangeOnTheCurrentSettings() {
        EndpointDefinition current = new EndpointDefinition("invoices", "/data/in", "copy", false, 10, 50, "*.pdf",
                "out/%Y", "keep/%Y", "failed/%Y");
        EndpointDefinition change = new EndpointDefinition(null, null, null, true, null, 100, null, null, "", null);
        assertEquals(new EndpointDefinition("invoices", "/data/in", "copy", true, 10, 100, "*.pdf",
                "out/%Y", "", "failed/%Y"), change.over(current));
    }

    @Test
    void emptyChangeLeavesTheCurrentSettings() {
        EndpointDefinition current = new EndpointDefinition("invoices", "/data/in", "copy", false, 10, 50, "*.pdf",
                "out/%Y", "keep/%Y", "failed/%Y");
        assertEquals(current, NOTHING_GIVEN.over(current));
    }

    @Test
    void fullChangeReplacesEveryField() {
        EndpointDefinition current = new EndpointDefinition("a", "b", "c", false, 1, 2, "d", "e", "f", "g");
        EndpointDefinition change = new EndpointDefinition("A", "B", "C", true, 3, 4, "D", "E", "F", "G");
        assertEquals(change, change.over(current));
    }
}
