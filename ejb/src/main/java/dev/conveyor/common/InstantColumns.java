package dev.conveyor.common;

import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;
import java.sql.Timestamp;
import java.time.Instant;

/**
 * Stores java.time.Instant as a SQL TIMESTAMP. JPA 3.1 (EclipseLink 4, Payara 6) has no mapping
 * for Instant and would serialize it into a binary column, where comparing and ordering by time
 * only works by accident of the byte layout.
 */
@Converter(autoApply = true)
public class InstantColumns implements AttributeConverter<Instant, Timestamp> {

    @Override
    public Timestamp convertToDatabaseColumn(Instant instant) {
        return instant == null ? null : Timestamp.from(instant);
    }

    @Override
    public Instant convertToEntityAttribute(Timestamp timestamp) {
        return timestamp == null ? null : timestamp.toInstant();
    }

    /** An aggregate's result (MIN, MAX) over an Instant column: the provider may hand back the converted or the column's type. */
    public static Instant instant(Object value) {
        return value instanceof Timestamp timestamp ? timestamp.toInstant() : (Instant) value;
    }
}
