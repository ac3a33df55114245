package dev.conveyor.expression;

/** An expression that does not parse, reaches beyond reading attributes, or yields the wrong kind of value; the message quotes why. */
public class InvalidExpressionException extends IllegalArgumentException {

    private final String reason;

    public InvalidExpressionException(String expression, String reason) {
        super("expression '" + expression + "' is not usable: " + reason);
        this.reason = reason;
    }

    /** Why, without the expression in front. */
    public String reason() {
        return reason;
    }
}
