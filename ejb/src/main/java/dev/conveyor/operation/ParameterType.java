package dev.conveyor.operation;

import java.util.Locale;

/**
 * The types an operation's parameters may have: documents (one, a list, or a map keyed by file
 * name) and the literal types a mapping can convert text to.
 */
public enum ParameterType {
    DOCUMENT("Document"),
    DOCUMENT_LIST("List<Document>"),
    DOCUMENT_MAP("Map<String,Document>"),
    STRING("String"),
    INT("int"),
    LONG("long"),
    DOUBLE("double"),
    BOOLEAN("boolean");

    private final String signature;

    ParameterType(String signature) {
        this.signature = signature;
    }

    /** How the type reads in an operation's signature, e.g. {@code List<Document>}. */
    public String signature() {
        return signature;
    }

    public boolean isDocuments() {
        return this == DOCUMENT || this == DOCUMENT_LIST || this == DOCUMENT_MAP;
    }

    /**
     * Converts a literal mapping's text to this type.
     *
     * @throws IllegalArgumentException naming the expected form when the text does not convert
     */
    public Object fromLiteral(String text) {
        try {
            return switch (this) {
                case STRING -> text;
                case INT -> Integer.parseInt(text.strip());
                case LONG -> Long.parseLong(text.strip());
                case DOUBLE -> Double.parseDouble(text.strip());
                case BOOLEAN -> switch (text.strip().toLowerCase(Locale.ROOT)) {
                    case "true" -> true;
                    case "false" -> false;
                    default -> throw new IllegalArgumentException("'" + text + "' is not a boolean; use true or false");
                };
                case DOCUMENT, DOCUMENT_LIST, DOCUMENT_MAP ->
                        throw new IllegalArgumentException("a " + signature + " parameter takes a variable mapping (a file pattern), not a literal");
            };
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not a valid " + signature);
        }
    }
}
