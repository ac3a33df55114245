package dev.conveyor.operation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

class ParameterTypeTest {

    @Test
    void stringIsTakenAsWritten() {
        assertEquals("  spaced  ", ParameterType.STRING.fromLiteral("  spaced  "));
        assertEquals("", ParameterType.STRING.fromLiteral(""));
    }

    @Test
    void numbersAreReadIgnoringSurroundingSpaces() {
        assertEquals(42, ParameterType.INT.fromLiteral(" 42 "));
        assertEquals(-7, ParameterType.INT.fromLiteral("-7"));
        assertEquals(Integer.MAX_VALUE, ParameterType.INT.fromLiteral("2147483647"));
        assertEquals(5_000_000_000L, ParameterType.LONG.fromLiteral("5000000000"));
        assertEquals(2.5, ParameterType.DOUBLE.fromLiteral("2.5"));
        assertEquals(1000.0, ParameterType.DOUBLE.fromLiteral(" 1e3 "));
        assertEquals(-3.0, ParameterType.DOUBLE.fromLiteral("-3"));
    }

    @Test
    void literalsHaveTheirTypesJavaClass() {
        assertEquals(Integer.class, ParameterType.INT.fromLiteral("1").getClass());
        assertEquals(Long.class, ParameterType.LONG.fromLiteral("1").getClass());
        assertEquals(Double.class, ParameterType.DOUBLE.fromLiteral("1").getClass());
        assertEquals(Boolean.class, ParameterType.BOOLEAN.fromLiteral("true").getClass());
    }

    @ParameterizedTest(name = "[{0}] is {1}")
    @CsvSource({"true, true", "false, false", "TRUE, true", "' False ', false"})
    void booleansAreTrueOrFalseInAnyCase(String text, boolean expected) {
        assertEquals(expected, ParameterType.BOOLEAN.fromLiteral(text));
    }

    @ParameterizedTest(name = "{0} refuses [{1}]")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            INT     | 4.2        | '4.2' is not a valid int
            INT     | ``         | '' is not a valid int
            INT     | ten        | 'ten' is not a valid int
            INT     | 2147483648 | '2147483648' is not a valid int
            INT     | 0x10       | '0x10' is not a valid int
            LONG    | 1.0        | '1.0' is not a valid long
            LONG    | 9223372036854775808 | '9223372036854775808' is not a valid long
            DOUBLE  | abc        | 'abc' is not a valid double
            DOUBLE  | 1,5        | '1,5' is not a valid double
            BOOLEAN | yes        | 'yes' is not a boolean; use true or false
            BOOLEAN | 1          | '1' is not a boolean; use true or false
            BOOLEAN | ``         | '' is not a boolean; use true or false
            """)
    void textThatDoesNotConvertIsRefusedNamingTheForm(ParameterType type, String text, String message) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> type.fromLiteral(text));
        assertEquals(message, e.getMessage());
    }

    @ParameterizedTest
    @EnumSource(names = {"DOCUMENT", "DOCUMENT_LIST", "DOCUMENT_MAP"})
    void documentsTakeNoLiteral(ParameterType type) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> type.fromLiteral("a.pdf"));
        assertEquals("a " + type.signature() + " parameter takes a variable mapping (a file pattern), not a literal", e.getMessage());
    }

    @Test
    void onlyTheDocumentTypesAreDocuments() {
        EnumSet<ParameterType> documents = EnumSet.of(ParameterType.DOCUMENT, ParameterType.DOCUMENT_LIST, ParameterType.DOCUMENT_MAP);
        for (ParameterType type : ParameterType.values()) {
            assertEquals(documents.contains(type), type.isDocuments(), type.name());
        }
    }

    @Test
    void signaturesReadAsInJava() {
        assertEquals("Document", ParameterType.DOCUMENT.signature());
        assertEquals("List<Document>", ParameterType.DOCUMENT_LIST.signature());
        assertEquals("Map<String,Document>", ParameterType.DOCUMENT_MAP.signature());
        assertEquals("int", ParameterType.INT.signature());
        assertTrue(ParameterType.BOOLEAN.signature().equals("boolean"));
        assertFalse(ParameterType.STRING.isDocuments());
    }
}
