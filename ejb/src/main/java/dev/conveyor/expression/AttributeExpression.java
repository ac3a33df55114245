package dev.conveyor.expression;

import jakarta.el.ELException;
import jakarta.el.ExpressionFactory;
import jakarta.el.ValueExpression;
import java.util.Map;

/**
 * One Jakarta EL expression over a job's attributes, parsed once and evaluated for many jobs.
 * Only the reading part of EL is accepted ({@link ReadOnlyGrammar}): attributes, literals,
 * operators and the functions of {@link ExpressionFunctions}, e.g.
 * {@code fn:endsWith(file.name, '.pdf')}; no method call, class, lambda or assignment.
 * Text outside {@code ${...}} is literal, so {@code batch-${file.baseName}} and {@code 5} are both
 * expressions. Attribute values are strings; EL coerces them where the expression compares them
 * with numbers ({@code ${file.size > 1000}}). An attribute a job lacks reads as null (empty text).
 */
public final class AttributeExpression {

    private static final ExpressionFactory FACTORY = ExpressionFactory.newInstance();

    /** Attributes of a plausible job, to tell at save time whether a condition yields a boolean. */
    private static final Map<String, String> SAMPLE_JOB = Map.of(
            "file.name", "sample.pdf", "file.baseName", "sample", "file.extension", "pdf", "file.size", "1",
            "endpoint", "sample", "userName", "", "job.id", "00000000-0000-0000-0000-000000000000");

    private final String text;
    private final ValueExpression expression;

    private AttributeExpression(String text, ValueExpression expression) {
        this.text = text;
        this.expression = expression;
    }

    /** Parses {@code text}; an expression that does not parse throws with the parser's words. */
    public static AttributeExpression parse(String text) {
        return parse(text, text);
    }

    private static AttributeExpression parse(String text, String asWritten) {
        ValueExpression parsed;
        try {
            parsed = FACTORY.createValueExpression(new AttributeContext(Map.of()), text, Object.class);
        } catch (ELException e) {
            String reason = e.getCause() == null ? e.getMessage() : e.getMessage() + ": " + e.getCause().getMessage();
            throw new InvalidExpressionException(asWritten, reason.strip());
        }
        try {
            ReadOnlyGrammar.check(text);
        } catch (InvalidExpressionException refused) {
            throw new InvalidExpressionException(asWritten, refused.reason());
        }
        return new AttributeExpression(asWritten, parsed);
    }

    /**
     * Parses a condition: {@code file.extension == 'pdf'} or {@code ${file.extension == 'pdf'}}.
     * It must yield a boolean for a plausible job; anything else (a name, a number) is refused.
     */
    public static AttributeExpression condition(String text) {
        String wrapped = text.contains("${") || text.contains("#{") ? text : "${" + text + "}";
        AttributeExpression condition = parse(wrapped, text);
        Object sample = condition.value(SAMPLE_JOB);
        if (!(sample instanceof Boolean)) {
            throw new InvalidExpressionException(text, "it yields " + (sample == null ? "null" : "'" + sample + "'")
                    + " for a job, not true or false; compare something, e.g. file.extension == 'pdf'");
        }
        return condition;
    }

    /** The expression's value as text; null and failures of evaluation read as empty text. */
    public String text(Map<String, String> attributes) {
        Object value = value(attributes);
        return value == null ? "" : value.toString();
    }

    /** The expression's value as a whole number; throws when it is not one. */
    public long number(Map<String, String> attributes) {
        String value = text(attributes).trim();
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new InvalidExpressionException(text, "it yields '" + value + "' for this job, not a whole number");
        }
    }

    /** A condition's verdict; an evaluation that fails counts as false, so a bad job only misses the rule. */
    public boolean test(Map<String, String> attributes) {
        return Boolean.TRUE.equals(value(attributes));
    }

    private Object value(Map<String, String> attributes) {
        try {
            return expression.getValue(new AttributeContext(attributes));
        } catch (ELException e) {
            return null;
        }
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof AttributeExpression expression && expression.text.equals(text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }

    /** The expression as written. */
    @Override
    public String toString() {
        return text;
    }
}
