package dev.conveyor.expression;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The part of Jakarta EL an expression over job attributes may use: attribute names and property
 * steps, literals, operators, parentheses for grouping and the few functions of
 * {@link ExpressionFunctions}. Anything that could reach code is refused before the expression is
 * ever evaluated: method calls ({@code x.m()}, {@code x['m']()}), calls of anything but a listed
 * function, lambdas, assignment, statement sequences, set and map literals, {@code instanceof}
 * and the name {@code class}.
 * <p>
 * It reads the expression as tokens, the way EL's own grammar does, after the EL parser accepted
 * it; text outside {@code ${...}} and {@code #{...}} is literal and may hold anything.
 */
final class ReadOnlyGrammar {

    /** EL's operator words: a parenthesis after one of them groups, it calls nothing. */
    private static final Set<String> OPERATOR_WORDS = Set.of("and", "or", "not", "eq", "ne", "lt", "gt", "le", "ge",
            "div", "mod", "empty");
    private static final List<String> TWO_CHARACTER_OPERATORS = List.of("==", "!=", "<=", ">=", "&&", "||", "+=", "->");
    private static final String ONE_CHARACTER_OPERATORS = "+-*/%<>!?:.[](),;={}";

    private enum Kind { NAME, LITERAL, OPERATOR }

    private record Token(Kind kind, String text) {
        boolean is(String operator) {
            return kind == Kind.OPERATOR && text.equals(operator);
        }
    }

    private ReadOnlyGrammar() {
    }

    /** Throws with the first construct {@code text} may not use; returns quietly when it only reads. */
    static void check(String text) {
        int at = 0;
        while (at < text.length()) {
            char c = text.charAt(at);
            if (c == '\\' && at + 1 < text.length() && (text.charAt(at + 1) == '$' || text.charAt(at + 1) == '#')) {
                at += 2;
            } else if ((c == '$' || c == '#') && at + 1 < text.length() && text.charAt(at + 1) == '{') {
                at = checkExpression(text, at + 2);
            } else {
                at++;
            }
        }
    }

    /** Checks the tokens of one {@code ${...}} from {@code start}; returns the index after its closing brace. */
    private static int checkExpression(String text, int start) {
        List<Token> tokens = new ArrayList<>();
        int at = start;
        while (true) {
            if (at >= text.length()) {
                throw refused(text, "an expression is not closed with }");
            }
            char c = text.charAt(at);
            int before = tokens.size();
            if (Character.isWhitespace(c)) {
                at++;
            } else if (c == '}') {
                return at + 1;
            } else if (c == '\'' || c == '"') {
                int end = endOfString(text, at);
                tokens.add(new Token(Kind.LITERAL, text.substring(at, end)));
                at = end;
            } else if (Character.isDigit(c) || (c == '.' && at + 1 < text.length() && Character.isDigit(text.charAt(at + 1)))) {
                int end = at + 1;
                while (end < text.length() && (Character.isLetterOrDigit(text.charAt(end)) || text.charAt(end) == '.'
                        || ((text.charAt(end) == '+' || text.charAt(end) == '-') && "eE".indexOf(text.charAt(end - 1)) >= 0))) {
                    end++;
                }
                tokens.add(new Token(Kind.LITERAL, text.substring(at, end)));
                at = end;
            } else if (Character.isJavaIdentifierStart(c)) {
                int end = at + 1;
                while (end < text.length() && Character.isJavaIdentifierPart(text.charAt(end))) {
                    end++;
                }
                tokens.add(new Token(Kind.NAME, text.substring(at, end)));
                at = end;
            } else {
                String two = at + 1 < text.length() ? text.substring(at, at + 2) : "";
                String operator = TWO_CHARACTER_OPERATORS.contains(two) ? two : String.valueOf(c);
                if (ONE_CHARACTER_OPERATORS.indexOf(c) < 0 && operator.length() == 1) {
                    throw refused(text, "character '" + c + "' has no place in an expression over attributes");
                }
                tokens.add(new Token(Kind.OPERATOR, operator));
                at += operator.length();
            }
            if (tokens.size() > before) {
                checkLast(text, tokens);
            }
        }
    }

    private static void checkLast(String text, List<Token> tokens) {
        Token last = tokens.get(tokens.size() - 1);
        if (last.is("->")) {
            throw refused(text, "lambda expressions (->) are not allowed");
        }
        if (last.is("=") || last.is(";")) {
            throw refused(text, "assignment (=) and statement sequences (;) are not allowed; compare with == or eq");
        }
        if (last.is("{")) {
            throw refused(text, "set and map literals ({...}) are not allowed");
        }
        if (last.kind == Kind.NAME && (last.text.equals("instanceof") || last.text.equals("class"))) {
            throw refused(text, "'" + last.text + "' reaches for a class; classes are out of reach of expressions");
        }
        if (last.is("(") && tokens.size() > 1) {
            checkCall(text, tokens);
        }
    }

    /** A parenthesis after a name, a closing bracket or a closing parenthesis calls something: only listed functions may be called. */
    private static void checkCall(String text, List<Token> tokens) {
        Token before = tokens.get(tokens.size() - 2);
        boolean grouping = before.kind == Kind.OPERATOR && !before.is(")") && !before.is("]")
                || before.kind == Kind.NAME && OPERATOR_WORDS.contains(before.text);
        if (grouping) {
            return;
        }
        int size = tokens.size();
        boolean function = before.kind == Kind.NAME && size >= 4 && tokens.get(size - 3).is(":")
                && tokens.get(size - 4).kind == Kind.NAME && tokens.get(size - 4).text.equals(ExpressionFunctions.PREFIX)
                && (size == 4 || !tokens.get(size - 5).is("."))
                && ExpressionFunctions.NAMES.contains(before.text);
        if (!function) {
            throw refused(text, "'" + before.text + "(' calls a method or function; expressions only read attributes and may call "
                    + ExpressionFunctions.PREFIX + ":" + String.join(", " + ExpressionFunctions.PREFIX + ":", ExpressionFunctions.NAMES));
        }
    }

    private static int endOfString(String text, int start) {
        char quote = text.charAt(start);
        for (int at = start + 1; at < text.length(); at++) {
            char c = text.charAt(at);
            if (c == '\\') {
                at++;
            } else if (c == quote) {
                return at + 1;
            }
        }
        throw refused(text, "a string is not closed with " + quote);
    }

    private static InvalidExpressionException refused(String text, String reason) {
        return new InvalidExpressionException(text, reason);
    }
}
