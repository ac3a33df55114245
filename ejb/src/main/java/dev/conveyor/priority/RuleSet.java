package dev.conveyor.priority;

import dev.conveyor.common.ConveyorException;
import dev.conveyor.common.MessageId;
import dev.conveyor.expression.AttributeExpression;
import dev.conveyor.expression.InvalidExpressionException;
import dev.conveyor.job.BucketRules;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Logger;

/**
 * The enabled rules in rank order, ready to put jobs in buckets: the first rule whose condition
 * holds wins; a job no rule matches goes to {@link Bucket#DEFAULT}.
 */
public final class RuleSet implements BucketRules.Placement {

    private static final Logger LOG = Logger.getLogger(RuleSet.class.getName());

    /** Parsing is the costly part and rules change rarely: one parse per expression text, shared by every evaluation. */
    private static final Map<String, AttributeExpression> PARSED = new ConcurrentHashMap<>();

    /** Every job in the default bucket: what priorities switched off mean. */
    public static final RuleSet FIFO = new RuleSet(List.of());

    private record Ranked(AttributeExpression condition, Bucket bucket) {
    }

    private final List<Ranked> ranked;

    private RuleSet(List<Ranked> ranked) {
        this.ranked = ranked;
    }

    /**
     * The enabled ones of {@code rules}, ordered by rank; their expressions were checked when saved.
     * A rule saved before expressions were limited to reading, whose expression is refused now,
     * is left out (with a warning), so it never runs and the others still apply.
     */
    public static RuleSet of(List<PriorityRule> rules) {
        List<Ranked> ranked = new ArrayList<>();
        for (PriorityRule rule : rules.stream().filter(PriorityRule::isEnabled).sorted(Comparator.comparingInt(PriorityRule::getRank)).toList()) {
            try {
                ranked.add(new Ranked(PARSED.computeIfAbsent(rule.getExpression(), AttributeExpression::condition), rule.bucket()));
            } catch (InvalidExpressionException refused) {
                LOG.warning(MessageId.PRIORITY_RULE_SKIPPED.format(rule.getName(), refused.getMessage()));
            }
        }
        return new RuleSet(List.copyOf(ranked));
    }

    /** {@code text} if it is a usable condition; else a 400 on field expression quoting the parser's reason. */
    public static String checkedCondition(String text) {
        if (text.length() > PriorityRule.MAX_EXPRESSION_LENGTH) {
            throw ConveyorException.invalidField("expression", "is longer than " + PriorityRule.MAX_EXPRESSION_LENGTH + " characters");
        }
        try {
            PARSED.computeIfAbsent(text, AttributeExpression::condition);
            return text;
        } catch (InvalidExpressionException e) {
            throw ConveyorException.invalidField("expression", e.getMessage());
        }
    }

    @Override
    public Bucket bucketOf(Map<String, String> attributes) {
        for (Ranked rule : ranked) {
            if (rule.condition().test(attributes)) {
                return rule.bucket();
            }
        }
        return Bucket.DEFAULT;
    }
}
