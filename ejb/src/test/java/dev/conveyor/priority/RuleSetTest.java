package dev.conveyor.priority;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.common.ConveyorException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RuleSetTest {

    private static final Map<String, String> BIG_PDF = Map.of("file.name", "report.pdf", "file.extension", "pdf",
            "file.size", "5000000", "endpoint", "scans", "userName", "alice");
    private static final Map<String, String> SMALL_TXT = Map.of("file.name", "note.txt", "file.extension", "txt",
            "file.size", "12", "endpoint", "scans", "userName", "bob");

    private static PriorityRule rule(String name, int rank, String expression, int jmsPriority, boolean enabled) {
        return new PriorityRule(name + "-id", name, rank, expression, jmsPriority, 20, enabled);
    }

    @Test
    void theHighestRankedRuleThatMatchesWinsWhateverTheListOrder() {
        RuleSet rules = RuleSet.of(List.of(
                rule("pdfs", 2, "file.extension == 'pdf'", 5, true),
                rule("big", 1, "file.size > 1000000", 9, true)));

        assertEquals(new Bucket("big", 9, 20), rules.bucketOf(BIG_PDF));
    }

    @Test
    void aLowerRuleCatchesWhatTheHigherOnesMiss() {
        RuleSet rules = RuleSet.of(List.of(
                rule("big", 1, "file.size > 1000000", 9, true),
                rule("alice", 2, "userName == 'alice'", 7, true),
                rule("text", 3, "${file.extension eq 'txt'}", 2, true)));

        assertEquals("text", rules.bucketOf(SMALL_TXT).name());
    }

    @Test
    void aJobNoRuleMatchesGoesToTheDefaultBucket() {
        RuleSet rules = RuleSet.of(List.of(rule("pdfs", 1, "file.extension == 'pdf'", 5, true)));

        assertEquals(Bucket.DEFAULT, rules.bucketOf(SMALL_TXT));
        assertEquals(Bucket.DEFAULT, RuleSet.FIFO.bucketOf(BIG_PDF));
    }

    @Test
    void aDisabledRuleIsSkipped() {
        RuleSet rules = RuleSet.of(List.of(
                rule("big", 1, "file.size > 1000000", 9, false),
                rule("pdfs", 2, "file.extension == 'pdf'", 5, true)));

        assertEquals("pdfs", rules.bucketOf(BIG_PDF).name());
    }

    @Test
    void anAttributeTheJobLacksOnlyMissesTheRule() {
        RuleSet rules = RuleSet.of(List.of(rule("vip", 1, "customer == 'vip'", 9, true)));

        assertEquals(Bucket.DEFAULT, rules.bucketOf(BIG_PDF));
        assertEquals("vip", rules.bucketOf(Map.of("customer", "vip")).name());
    }

    @Test
    void anExpressionThatDoesNotParseIsRefusedQuotingTheParser() {
        ConveyorException refused = assertThrows(ConveyorException.class, () -> RuleSet.checkedCondition("file.size >"));

        assertEquals("expression", refused.field());
        assertTrue(refused.getMessage().contains("file.size >"), refused::getMessage);
        assertTrue(refused.getMessage().toLowerCase().contains("encountered"), refused::getMessage);
    }

    @Test
    void anExpressionThatIsNotAConditionIsRefused() {
        ConveyorException refused = assertThrows(ConveyorException.class, () -> RuleSet.checkedCondition("file.name"));

        assertEquals("expression", refused.field());
        assertTrue(refused.getMessage().contains("not true or false"), refused::getMessage);
    }

    @Test
    void anEscapePayloadIsRefusedNamingTheField() {
        ConveyorException refused = assertThrows(ConveyorException.class, () -> RuleSet.checkedCondition(
                "''.getClass().forName('java.lang.Runtime').getMethod('getRuntime').invoke(null).exec('touch x') != null"));

        assertEquals("expression", refused.field());
        assertTrue(refused.getMessage().contains("calls a method"), refused::getMessage);
    }

    @Test
    void aStoredRuleThatCallsMethodsIsLeftOutAndTheOthersStillApply() {
        RuleSet rules = RuleSet.of(List.of(
                rule("old", 1, "file.name.endsWith('.pdf')", 9, true),
                rule("pdfs", 2, "file.extension == 'pdf'", 5, true)));

        assertEquals("pdfs", rules.bucketOf(BIG_PDF).name());
    }

    @Test
    void aConditionIsAcceptedAsWritten() {
        assertEquals("file.extension == 'pdf'", RuleSet.checkedCondition("file.extension == 'pdf'"));
    }
}
