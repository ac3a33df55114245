package dev.conveyor.expression;

/** An expression that does not parse, or yields the wrong kind of value; the message quotes why. */
public class InvalidExpressionException extends IllegalArgumentException {

    public InvalidExpressionException(String expression, String reason) {
        super("expression '" + expression + "' is not usable: " + reason);
    }
}
