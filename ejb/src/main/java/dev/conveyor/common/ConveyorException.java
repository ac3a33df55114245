package dev.conveyor.common;

import jakarta.ejb.ApplicationException;

/**
 * A failure the caller can act on, carrying a stable message id. Thrown through EJB boundaries
 * as is (not wrapped) and rolls back the transaction it crosses.
 */
@ApplicationException(rollback = true)
public class ConveyorException extends RuntimeException {

    private final MessageId id;
    private final String field;

    public ConveyorException(MessageId id, Object... args) {
        this(id, null, args);
    }

    private ConveyorException(MessageId id, String field, Object... args) {
        super(id.text(args));
        this.id = id;
        this.field = field;
    }

    /** A request field that fails its check; the field's name travels with the error. */
    public static ConveyorException invalidField(String field, String reason) {
        return new ConveyorException(MessageId.INVALID_FIELD, field, field, reason);
    }

    public MessageId id() {
        return id;
    }

    /** The request field at fault, or null when the error is not about one field. */
    public String field() {
        return field;
    }
}
