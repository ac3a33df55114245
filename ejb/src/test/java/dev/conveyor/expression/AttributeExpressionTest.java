package dev.conveyor.expression;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class AttributeExpressionTest {

    private static final Map<String, String> REPORT = Map.of("file.name", "report.pdf", "file.baseName", "report",
            "file.extension", "pdf", "file.size", "2048", "endpoint", "invoices", "fragment.count", "20");

    @Test
    void dottedNamesReadAttributes() {
        assertEquals("report", AttributeExpression.parse("${file.baseName}").text(REPORT));
        assertEquals("20", AttributeExpression.parse("${fragment.count}").text(REPORT));
    }

    @Test
    void literalTextAroundExpressionsIsKept() {
        assertEquals("batch-report-invoices", AttributeExpression.parse("batch-${file.baseName}-${endpoint}").text(REPORT));
        assertEquals(5, AttributeExpression.parse("5").number(REPORT));
    }

    @Test
    void missingAttributesReadAsEmpty() {
        assertEquals("", AttributeExpression.parse("${fragment.identifier}").text(REPORT));
        assertEquals("", AttributeExpression.parse("${nothing.here.at.all}").text(REPORT));
    }

    @Test
    void numbersAreWholeOrRefused() {
        assertEquals(20, AttributeExpression.parse("${fragment.count}").number(REPORT));
        assertEquals(40, AttributeExpression.parse("${fragment.count * 2}").number(REPORT));
        InvalidExpressionException notNumber = assertThrows(InvalidExpressionException.class,
                () -> AttributeExpression.parse("${file.name}").number(REPORT));
        assertTrue(notNumber.getMessage().contains("'report.pdf'"), notNumber.getMessage());
    }

    @Test
    void conditionsCompareTextAndNumbers() {
        assertTrue(AttributeExpression.condition("file.extension == 'pdf'").test(REPORT));
        assertTrue(AttributeExpression.condition("${file.size > 1000 && endpoint eq 'invoices'}").test(REPORT));
        assertFalse(AttributeExpression.condition("file.size > 4096").test(REPORT));
        assertTrue(AttributeExpression.condition("fn:endsWith(file.name, '.pdf')").test(REPORT));
        assertTrue(AttributeExpression.condition("fn:toUpperCase(file.extension) == 'PDF' and fn:length(file.name) > 3").test(REPORT));
        assertEquals("rep", AttributeExpression.parse("${fn:substring(file.name, 0, 3)}").text(REPORT));
        assertFalse(AttributeExpression.condition("customer == 'acme'").test(REPORT));
    }

    @Test
    void expressionsThatDoNotParseAreRefusedWithTheParserReason() {
        InvalidExpressionException refused = assertThrows(InvalidExpressionException.class,
                () -> AttributeExpression.condition("file.size >> 3"));
        assertTrue(refused.getMessage().startsWith("expression 'file.size >> 3' is not usable: "), refused.getMessage());
        assertTrue(refused.getMessage().length() > "expression 'file.size >> 3' is not usable: ".length() + 5);
    }

    @Test
    void conditionsThatAreNotBooleanAreRefused() {
        InvalidExpressionException refused = assertThrows(InvalidExpressionException.class,
                () -> AttributeExpression.condition("file.name"));
        assertTrue(refused.getMessage().contains("not true or false"), refused.getMessage());
        assertThrows(InvalidExpressionException.class, () -> AttributeExpression.condition("file.size + 1"));
    }
}
