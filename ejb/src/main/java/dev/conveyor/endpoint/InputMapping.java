package dev.conveyor.endpoint;

import dev.conveyor.common.ConveyorException;
import java.util.Locale;

/**
 * How an operation's input is given: a literal (the text, converted to the parameter's type) or
 * a variable (a file pattern resolved inside the job: one document, a list, or a map by name).
 */
public record InputMapping(Kind kind, String value) {

    public enum Kind {
        LITERAL, VARIABLE;

        public String jsonName() {
            return name().toLowerCase(Locale.ROOT);
        }

        static Kind parse(String field, String text) {
            for (Kind kind : values()) {
                if (kind.jsonName().equals(text)) {
                    return kind;
                }
            }
            throw ConveyorException.invalidField(field, "'" + text + "' is not a mapping type; use literal or variable");
        }
    }
}
